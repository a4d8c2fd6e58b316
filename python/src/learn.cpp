// The learned pipeline in `import triad` (triad.learn, docs/python.md): the data file and net
// file codecs, the feature index, the games' layouts and mirror symmetries, all from learn/ —
// the trainer (training/) defines none of its own. Feature batches are computed in C++ with
// the GIL released and returned as numpy arrays.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <array>
#include <filesystem>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "adapters/common/file_io.h"
#include "adapters/common/game_registry.h"
#include "adapters/nnue/data_file.h"
#include "adapters/nnue/net_file.h"
#include "learn/data_file.h"
#include "learn/features.h"
#include "learn/layouts.h"
#include "learn/net_file.h"
#include "python/src/bindings.h"
#include "python/src/board.h"

namespace py = pybind11;

namespace triad::python {

namespace {

template <class T>
T value_or_raise(Result<T> r) {
  if (!r) throw TriadError(r.error().message);
  return std::move(*r);
}

// A numpy array that owns a copy of `v`.
template <class T>
py::array_t<T> to_array(const std::vector<T>& v) {
  py::array_t<T> out(static_cast<py::ssize_t>(v.size()));
  std::copy(v.begin(), v.end(), out.mutable_data());
  return out;
}

py::dict header_dict(const learn::Header& h) {
  const std::pair<const char*, std::uint64_t> numbers[] = {{"version", h.version},
                                                           {"header_bytes", learn::kHeaderBytes},
                                                           {"record_bytes", h.record_bytes()},
                                                           {"points", h.points},
                                                           {"seed", h.seed},
                                                           {"nodes", h.nodes},
                                                           {"random_plies", h.random_plies},
                                                           {"random_moves", h.random_moves},
                                                           {"max_plies", h.max_plies},
                                                           {"hash_mb", h.hash_mb},
                                                           {"net_digest", h.net_digest},
                                                           {"openings_digest", h.openings_digest},
                                                           {"games", h.games},
                                                           {"records", h.records}};
  py::dict d;
  for (const auto& [name, value] : numbers) d[name] = value;
  d["game"] = h.game;
  d["variant"] = h.variant;
  return d;
}

py::object record_dtype(std::uint32_t points) {
  py::list fields;
  for (const auto& f : learn::kRecordFields)
    fields.append(
        py::make_tuple(std::string(f.name), std::string("<") + f.kind + std::to_string(f.bytes)));
  fields.append(py::make_tuple("board", "u1", py::make_tuple(points)));
  return py::module_::import("numpy").attr("dtype")(fields);
}

// The header of the data file `path`, checked against the file's size (its first bytes read).
py::dict data_header(const std::string& path) {
  const std::string what = "data file '" + path + "'";
  auto file = value_or_raise(adapters::ReadFile::open(path, "data file"));
  std::string bytes(learn::kHeaderBytes, '\0');
  std::size_t got = 0;
  while (got < bytes.size()) {
    const std::size_t n = value_or_raise(file.read(bytes.data() + got, bytes.size() - got));
    if (n == 0) break;
    got += n;
  }
  bytes.resize(got);
  const auto header = value_or_raise(learn::decode_header(bytes, what));
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  if (error) throw TriadError(what + ": " + error.message());
  value_or_raise(learn::complete_bytes(header, size, what));
  return header_dict(header);
}

py::tuple read_data(const std::string& path) {
  const auto data = value_or_raise(adapters::nnue::read_data_file(path));
  const std::size_t n = data.records.size();
  py::dict columns;
  const auto column = [&](const char* name, auto field) {
    py::array_t<std::decay_t<decltype(data.records[0].*field)>> values(n);
    for (std::size_t i = 0; i < n; ++i) values.mutable_at(i) = data.records[i].*field;
    columns[name] = values;
  };
  column("game", &learn::Record::game);
  column("move", &learn::Record::move);
  column("score", &learn::Record::score);
  column("ply", &learn::Record::ply);
  column("side", &learn::Record::side);
  column("result", &learn::Record::result);
  py::array_t<std::uint8_t> board(
      {static_cast<py::ssize_t>(n), static_cast<py::ssize_t>(data.header.points)});
  for (std::size_t i = 0; i < n; ++i)
    std::copy(data.records[i].board.begin(), data.records[i].board.end(), board.mutable_data(i, 0));
  columns["board"] = board;
  return py::make_tuple(header_dict(data.header), columns);
}

py::tuple sparse_features(const py::array_t<std::uint8_t>& boards,
                          const py::array_t<std::uint8_t>& sides, const std::string& letters,
                          const std::optional<py::array_t<std::int64_t>>& mirror) {
  if (boards.ndim() != 2 || sides.ndim() != 1 || sides.shape(0) != boards.shape(0))
    throw TriadError("boards must be (n, points) and sides (n,) arrays of uint8");
  std::vector<int> perm;
  if (mirror) {
    if (mirror->ndim() != 1 || mirror->shape(0) != boards.shape(1))
      throw TriadError("the mirror must be a permutation of the boards' points");
    for (py::ssize_t i = 0; i < mirror->shape(0); ++i) {
      const auto p = mirror->at(i);
      if (p < 0 || p >= boards.shape(1))
        throw TriadError("the mirror must be a permutation of the boards' points");
      perm.push_back(static_cast<int>(p));
    }
  }
  learn::BoardRows rows;
  rows.data = boards.data();
  rows.rows = static_cast<std::size_t>(boards.shape(0));
  rows.points = static_cast<std::size_t>(boards.shape(1));
  rows.row_stride = boards.strides(0);
  rows.point_stride = boards.strides(1);
  rows.sides = sides.data();
  rows.side_stride = sides.strides(0);
  Result<learn::SparseFeatures> out = make_error("");
  {
    py::gil_scoped_release release;
    out = learn::sparse_features(rows, letters, perm);
  }
  const auto features = value_or_raise(std::move(out));
  return py::make_tuple(to_array(features.indices), to_array(features.offsets));
}

std::optional<py::array_t<std::int64_t>> mirror(const std::string& game, const std::string& variant,
                                                int points) {
  const learn::Layout* layout = learn::layout_of(game);
  if (!layout || !learn::mirror_symmetric(*layout, variant) || !variants().find(game))
    return std::nullopt;
  // The game's own variant has the board of every symmetric variant (Íves dáma's built-in
  // ones are on the default board; Razzle Dazzle has one board).
  const Geometry g = geometry_of(*new_game(game));
  if (static_cast<int>(g.line_points.size()) != points) return std::nullopt;
  std::vector<std::pair<int, int>> coords;
  for (const int p : g.line_points) coords.push_back(g.points[static_cast<std::size_t>(p)]);
  const auto perm = learn::mirror_permutation(coords);
  if (!perm) return std::nullopt;
  return to_array(std::vector<std::int64_t>(perm->begin(), perm->end()));
}

py::array_t<std::int16_t> int16_array(const std::vector<std::int16_t>& v, py::ssize_t rows,
                                      py::ssize_t columns) {
  py::array_t<std::int16_t> out = to_array(v);
  return rows > 0 ? out.reshape({rows, columns}) : out;
}

py::tuple read_net(const std::string& path, bool convert) {
  const auto f = value_or_raise(adapters::nnue::read_net_file(
      path, convert ? learn::NetVersions::kConvert : learn::NetVersions::kCurrent));
  py::dict meta;
  meta["game"] = f.game;
  meta["variant"] = f.variant;
  meta["letters"] = f.letters;
  meta["points"] = f.points;
  meta["qa"] = engine::nnue::kQA;
  meta["qb"] = engine::nnue::kQB;
  meta["scale"] = f.net.scale;
  meta["positions"] = f.positions;
  meta["draw_permille"] = f.draw_permille;
  const auto& net = f.net;
  py::tuple weights =
      py::make_tuple(int16_array(net.w1, net.inputs, net.hidden), int16_array(net.b1, 0, 0),
                     int16_array(net.w2, 0, 0), py::module_::import("numpy").attr("int32")(net.b2));
  return py::make_tuple(meta, weights);
}

std::vector<std::int16_t> int16_values(
    const py::array_t<std::int16_t, py::array::c_style | py::array::forcecast>& a) {
  return std::vector<std::int16_t>(a.data(), a.data() + a.size());
}

py::bytes encode_net(const py::dict& meta,
                     const py::array_t<std::int16_t, py::array::c_style | py::array::forcecast>& w1,
                     const py::array_t<std::int16_t, py::array::c_style | py::array::forcecast>& b1,
                     const py::array_t<std::int16_t, py::array::c_style | py::array::forcecast>& w2,
                     std::int32_t b2) {
  if (w1.ndim() != 2 || b1.ndim() != 1 || w2.ndim() != 1 || b1.shape(0) != w1.shape(1) ||
      w2.shape(0) != 2 * w1.shape(1))
    throw TriadError("the weights must be W1 (inputs, hidden), b1 (hidden,) and w2 (2 hidden,)");
  learn::NetFile f;
  f.game = meta["game"].cast<std::string>();
  f.variant = meta["variant"].cast<std::string>();
  f.letters = meta["letters"].cast<std::string>();
  f.points = meta["points"].cast<int>();
  f.positions = meta["positions"].cast<std::uint64_t>();
  f.draw_permille = meta.contains("draw_permille") ? meta["draw_permille"].cast<int>() : 0;
  f.net.inputs = static_cast<int>(w1.shape(0));
  f.net.hidden = static_cast<int>(w1.shape(1));
  f.net.scale = meta["scale"].cast<int>();
  f.net.w1 = int16_values(w1);
  f.net.b1 = int16_values(b1);
  f.net.w2 = int16_values(w2);
  f.net.b2 = b2;
  const std::string bytes = learn::encode_net_file(f);
  return py::bytes(bytes);
}

}  // namespace

void bind_learn(py::module_& m) {
  m.def(
      "_learn_layouts",
      [] {
        py::dict out;
        for (const auto* game : adapters::all_games())
          if (const learn::Layout* l = learn::layout_of(game->name))
            out[py::str(std::string(game->name))] = std::string(l->letters);
        return out;
      },
      "The games of the registry that have a learned evaluation, each with its layout's letters "
      "(upper case).");
  m.def(
      "_learn_limits",
      [] { return py::make_tuple(engine::nnue::kQA, engine::nnue::kQB, engine::nnue::kMaxHidden); },
      "(QA, QB, MAX_HIDDEN): the net's quantisation factors and its widest first layer.");
  m.def("_learn_mirror", &mirror, py::arg("game"), py::arg("variant"), py::arg("points"),
        "The left-right mirror of the variant's board as a permutation of its points in "
        "position-line order (point i of the mirror image is point perm[i]), or None when the "
        "variant's rules are not known to be symmetric or its board has not `points` points.");
  m.def("_learn_record_dtype", &record_dtype, py::arg("points"),
        "The numpy dtype of a data file's record for boards of `points` points.");
  m.def("_learn_data_header", &data_header, py::arg("path"),
        "The header of a data file as a dict, checked (magic, version, sizes, the complete "
        "records there); TriadError says why not.");
  m.def("_learn_read_data", &read_data, py::arg("path"),
        "(header, columns) of a whole data file read by the C++ reader: columns maps each "
        "record field to a numpy array (board: (n, points) uint8).");
  m.def("_learn_sparse_features", &sparse_features, py::arg("boards"), py::arg("sides"),
        py::arg("letters"), py::arg("mirror") = py::none(),
        "The on features of n positions (boards (n, points) uint8, sides (n,) uint8) as "
        "embedding-bag input (indices, offsets), int64, 2n bags: bag j the side to move's view "
        "of position j, bag n + j the opponent's; with a mirror, the mirror images follow as "
        "positions n..2n-1 (4n bags). Computed with the GIL released.");
  m.def(
      "_learn_feature_count",
      [](const std::string& letters, int points) {
        return learn::feature_count(static_cast<int>(letters.size()), points);
      },
      py::arg("letters"), py::arg("points"),
      "The inputs of a net of this layout and board: each letter of each owner on each point.");
  m.def(
      "_learn_architecture_hash",
      [](const std::string& letters, int points, int hidden) {
        return learn::architecture_hash(letters, points, hidden);
      },
      py::arg("letters"), py::arg("points"), py::arg("hidden"),
      "The architecture hash a net file of this layout, board and width carries.");
  m.def(
      "_learn_net_digest",
      [](const py::bytes& data) { return learn::net_digest(std::string(data)); }, py::arg("data"),
      "The digest of a net file's bytes that a data file's header records.");
  m.def("_learn_read_net", &read_net, py::arg("path"), py::arg("convert") = false,
        "(meta, (W1, b1, w2, b2)) of a net file, every field checked; convert=True also reads a "
        "version 1 net (to write it again in the current version).");
  m.def("_learn_encode_net", &encode_net, py::arg("meta"), py::arg("w1"), py::arg("b1"),
        py::arg("w2"), py::arg("b2"),
        "The bytes of a net file: meta (game, variant, letters, points, scale, positions, "
        "draw_permille) and the quantised weights.");
}

}  // namespace triad::python
