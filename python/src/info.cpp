// The engine API's reader of `info` lines (python/triad/engine.py parse_info): the one C++
// reader of every program that drives engines (protocol/client/info_line.h), its fields
// returned as a dict of plain values; engine.py turns them into scores, moves and seconds.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "protocol/client/info_line.h"
#include "python/src/bindings.h"

namespace py = pybind11;

namespace triad::python {

namespace {

// The fields `line` has (protocol/client/info_line.h): numbers as ints, `score` as
// (is_mate, value) with mate values in plies, `bound` 'lower' or 'upper' when given, `wdl` as
// (wins, draws, losses), `pv` as tokens, `string` for `info string` lines, `problem` for the
// first field that could not be read.
py::dict parse_info_line(const std::string& line, bool ugi) {
  const auto info =
      protocol::parse_info(ugi ? protocol::Dialect::kUgi : protocol::Dialect::kUci, line);
  py::dict out;
  if (info.text) {
    out["string"] = info.message;
    return out;
  }
  const auto put = [&out](const char* key, const auto& value) {
    if (value) out[key] = *value;
  };
  put("multipv", info.multipv);
  put("depth", info.depth);
  put("seldepth", info.seldepth);
  put("time_ms", info.time_ms);
  put("nodes", info.nodes);
  put("nps", info.nps);
  put("hashfull", info.hashfull);
  if (info.score) out["score"] = py::make_tuple(info.score->mate, info.score->value);
  if (info.bound != protocol::ScoreBound::kExact)
    out["bound"] = std::string(protocol::bound_name(info.bound));
  put("wdl", info.wdl);
  if (!info.pv.empty()) out["pv"] = info.pv;
  if (!info.problem.empty()) out["problem"] = info.problem;
  return out;
}

}  // namespace

void bind_info(py::module_& m) {
  m.def("_parse_info_line", &parse_info_line, py::arg("line"), py::arg("ugi") = false,
        "The fields of an engine's `info` line, read by the engine's own reader (numbers "
        "range-checked; mate scores in plies).");
}

}  // namespace triad::python
