// Game records for Python: the records module of adapters/ (adapters/records/) — its lazy
// reader over files of any size, its writer and its check of variations; python/triad/records.py
// replays records on boards and wraps these in Record and Variation classes. A line (the main
// line or a variation) crosses as a tuple (moves, comments, nags, variations), the variations
// of each move as a list of (comment before its first move, line).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "adapters/common/text.h"
#include "adapters/records/reader.h"
#include "adapters/records/replay.h"
#include "adapters/records/writer.h"
#include "python/src/bindings.h"
#include "python/src/board.h"

namespace py = pybind11;

namespace triad::python {

namespace {

namespace records = adapters::records;

py::tuple line_to_py(const std::vector<records::RecordMove>& moves) {
  py::list tokens, comments, nags, variations;
  for (const auto& m : moves) {
    tokens.append(m.token);
    comments.append(m.comment);
    nags.append(py::cast(m.nags));
    py::list alternatives;
    for (const auto& v : m.variations)
      alternatives.append(py::make_tuple(v.comment, line_to_py(v.moves)));
    variations.append(alternatives);
  }
  return py::make_tuple(tokens, comments, nags, variations);
}

// The per-move lists may be shorter than the moves (a record made in Python): the rest
// have no annotation.
std::vector<records::RecordMove> line_from_py(const py::tuple& line) {
  const auto tokens = line[0].cast<std::vector<std::string>>();
  const auto comments = line[1].cast<std::vector<std::string>>();
  const auto nags = line[2].cast<std::vector<std::vector<int>>>();
  const auto variations = line[3].cast<std::vector<py::list>>();
  std::vector<records::RecordMove> out;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    records::RecordMove m{tokens[i], i < comments.size() ? comments[i] : ""};
    if (i < nags.size()) m.nags = nags[i];
    for (int nag : m.nags)
      if (nag < 1 || nag > records::kMaxNag)
        throw RecordError("NAG " + std::to_string(nag) + " of move " + adapters::quote(m.token) +
                          " is not 1 to " + std::to_string(records::kMaxNag));
    if (i < variations.size())
      for (const auto& v : variations[i]) {
        const auto pair = v.cast<py::tuple>();
        m.variations.push_back({pair[0].cast<std::string>(), line_from_py(pair[1])});
      }
    out.push_back(std::move(m));
  }
  return out;
}

// A reader and, for one over a text, the text it reads (kept alive and in place).
struct Reader {
  std::unique_ptr<std::string> text;
  std::optional<records::RecordReader> reader;

  py::object next() {
    auto r = reader->next();
    if (!r) throw RecordError(r.error().message);
    if (!*r) throw py::stop_iteration();
    const records::Record& record = **r;
    py::list tags;
    for (const auto& t : record.tags) tags.append(py::make_tuple(t.name, t.value));
    return py::make_tuple(record.number, record.line, tags, line_to_py(record.moves),
                          record.comment, std::string(records::result_token(record.result)));
  }
};

std::string write(const std::vector<std::pair<std::string, std::string>>& tags,
                  const py::tuple& line, const std::string& comment, const std::string& result) {
  records::Record record;
  for (const auto& [name, value] : tags) record.tags.push_back({name, value});
  record.moves = line_from_py(line);
  record.comment = comment;
  const auto r = records::parse_result_token(result);
  if (!r)
    throw RecordError("result must be 1-0, 0-1, 1/2-1/2 or *, not " + adapters::quote(result));
  record.result = *r;
  return records::write_record(record);
}

// Plays the line's variations from `board`'s position (the record's start); "" when every
// move is legal, else where and why not.
std::string check_variations(const Board& board, const py::tuple& line) {
  records::Record record;
  record.moves = line_from_py(line);
  auto r = records::check_variations(board.game(), record);
  return r ? "" : r.error().message;
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
      .def_static(
          "over",
          [](const std::string& text, const std::string& source, std::int64_t first_line,
             std::int64_t records_before) {
            Reader out;
            out.text = std::make_unique<std::string>(text);
            out.reader.emplace(adapters::records::RecordReader::over(*out.text, source));
            out.reader->continue_from(first_line, records_before);
            return out;
          },
          py::arg("text"), py::arg("source"), py::arg("first_line") = 1,
          py::arg("records_before") = 0)
      .def("__iter__", [](Reader& r) -> Reader& { return r; })
      .def("__next__", &Reader::next);
  m.def("_write_record", &write, py::arg("tags"), py::arg("line"), py::arg("comment"),
        py::arg("result"));
  m.def("_check_variations", &check_variations, py::arg("board"), py::arg("line"));
}

}  // namespace triad::python
