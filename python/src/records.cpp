// Game records for Python: the text of a records file split into records by the records
// reader of adapters/ (tags, move tokens, result); python/triad/records.py replays them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "adapters/book/records.h"
#include "adapters/common/file_io.h"
#include "python/src/bindings.h"
#include "python/src/board.h"

namespace py = pybind11;

namespace triad::python {

namespace {

// The largest records file read: 1 GiB.
constexpr std::uintmax_t kMaxRecordsFileBytes = std::uintmax_t{1} << 30;

py::list split(const std::string& text, const std::string& source) {
  auto records = adapters::book::split_records(text, source);
  if (!records) throw RecordError(records.error().message);
  py::list out;
  int number = 0;
  for (auto& r : *records) {
    py::list tags;
    for (auto& [name, value] : r.tags) tags.append(py::make_tuple(name, value));
    out.append(py::make_tuple(++number, r.line, tags, r.moves, r.result));
  }
  return out;
}

}  // namespace

void bind_records(py::module_& m) {
  m.def("_split_records", &split, py::arg("text"), py::arg("source"),
        "(number, line, [(tag, value)], [move tokens], result) per record of `text`.");
  m.def(
      "_read_records_file",
      [](const std::string& path) {
        auto text = adapters::read_regular_file(path, "records file", kMaxRecordsFileBytes);
        if (!text) throw RecordError(text.error().message);
        return split(*text, path);
      },
      py::arg("path"));
}

}  // namespace triad::python
