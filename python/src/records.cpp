// Game records for Python: the records module of adapters/ (adapters/records/) — its lazy
// reader over files of any size and its writer; python/triad/records.py replays records on
// boards and wraps these in a Record class.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/common/text.h"
#include "adapters/records/reader.h"
#include "adapters/records/writer.h"
#include "python/src/bindings.h"
#include "python/src/board.h"

namespace py = pybind11;

namespace triad::python {

namespace {

// A reader and, for one over a text, the text it reads (kept alive and in place).
struct Reader {
  std::unique_ptr<std::string> text;
  std::optional<adapters::records::RecordReader> reader;

  py::object next() {
    auto r = reader->next();
    if (!r) throw RecordError(r.error().message);
    if (!*r) throw py::stop_iteration();
    const adapters::records::Record& record = **r;
    py::list tags, moves, comments;
    for (const auto& t : record.tags) tags.append(py::make_tuple(t.name, t.value));
    for (const auto& m : record.moves) {
      moves.append(m.token);
      comments.append(m.comment);
    }
    return py::make_tuple(record.number, record.line, tags, moves, comments, record.comment,
                          std::string(adapters::records::result_token(record.result)));
  }
};

std::string write(const std::vector<std::pair<std::string, std::string>>& tags,
                  const std::vector<std::string>& moves, const std::vector<std::string>& comments,
                  const std::string& comment, const std::string& result) {
  adapters::records::Record record;
  for (const auto& [name, value] : tags) record.tags.push_back({name, value});
  for (std::size_t i = 0; i < moves.size(); ++i)
    record.moves.push_back({moves[i], i < comments.size() ? comments[i] : ""});
  record.comment = comment;
  const auto r = adapters::records::parse_result_token(result);
  if (!r)
    throw RecordError("result must be 1-0, 0-1, 1/2-1/2 or *, not " + adapters::quote(result));
  record.result = *r;
  return adapters::records::write_record(record);
}

}  // namespace

void bind_records(py::module_& m) {
  py::class_<Reader>(m, "_RecordReader", "Records one at a time, from a file or a text.")
      .def_static("open",
                  [](const std::string& path) {
                    auto reader = adapters::records::RecordReader::open(path);
                    if (!reader) throw RecordError(reader.error().message);
                    Reader out;
                    out.reader.emplace(std::move(*reader));
                    return out;
                  })
      .def_static("over",
                  [](const std::string& text, const std::string& source) {
                    Reader out;
                    out.text = std::make_unique<std::string>(text);
                    out.reader.emplace(adapters::records::RecordReader::over(*out.text, source));
                    return out;
                  })
      .def("__iter__", [](Reader& r) -> Reader& { return r; })
      .def("__next__", &Reader::next);
  m.def("_write_record", &write, py::arg("tags"), py::arg("moves"), py::arg("comments"),
        py::arg("comment"), py::arg("result"));
}

}  // namespace triad::python
