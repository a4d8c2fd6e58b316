// Reading net files and the learned evaluation of a position line (see net_file.h).
#include "adapters/nnue/net_file.h"

#include "adapters/common/file_io.h"
#include "adapters/common/text.h"
#include "adapters/nnue/builtin_nets.h"
#include "learn/features.h"

namespace triad::adapters::nnue {

Result<NetFile> read_net_file(const std::filesystem::path& path, learn::NetVersions versions) {
  auto read = read_regular_file(path, "net file", kMaxNetFileBytes);
  if (!read) return read.error();
  return parse_net_file(*read, path.string(), versions);
}

Result<NetFile> parse_net_file(std::string_view bytes, const std::string& name,
                               learn::NetVersions versions) {
  return learn::decode_net_file(bytes, name, "net file " + quote(name), versions);
}

std::optional<Result<NetFile>> builtin_net_file(std::string_view variant, std::string_view game) {
  for (const std::string_view name : {variant, game})
    if (const auto bytes = builtin_net(name))
      return parse_net_file(*bytes, "<built-in " + std::string(name) + ">");
  return std::nullopt;
}

Result<int> learned_evaluation(const NetFile& net, const AnyGame& game) {
  if (game.game_name() != net.game)
    return make_error("the net is for " + net.game + ", not for " + std::string(game.game_name()));
  const std::string board = expand_board_field(game.position_line());
  if (static_cast<int>(board.size()) != net.points)
    return make_error("the board has " + std::to_string(board.size()) + " points, the net " +
                      std::to_string(net.points));
  std::vector<int> mover, other;
  const int side = game.side_to_move() == engine::Player::kOne ? 0 : 1;
  if (auto r = learn::board_features(net.letters, board, side, mover, other); !r) return r.error();
  std::vector<std::int16_t> a(static_cast<std::size_t>(net.net.hidden)), b(a.size());
  engine::nnue::refresh(net.net, mover, a.data());
  engine::nnue::refresh(net.net, other, b.data());
  return engine::nnue::evaluate(net.net, a.data(), b.data());
}

}  // namespace triad::adapters::nnue
