// The notation contract: each adapters/<game>/ specialises Notation<G> for its game core.
// Parsers return errors as values whose message names the field and the reason.
#pragma once

#include <concepts>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.h"
#include "engine/core/result.h"

namespace triad::adapters {

// Specialised per game (adapters/yinyang/notation.h, …).
template <class G>
struct Notation;

template <class G>
concept HasNotation = engine::Game<G> &&
    requires(const G& g, const typename G::Position& pos, const typename G::Move& m,
             const typename G::MoveList& moves, std::vector<int>& actions, engine::History h,
             std::string_view text) {
  // Position line of docs/notation.md <-> Position. Never half-applies: error or a full value.
  { Notation<G>::parse_position(g, text) } -> std::same_as<Result<typename G::Position>>;
  { Notation<G>::format_position(g, pos) } -> std::same_as<std::string>;
  // A move token -> the legal move it names (any equivalent chain), or why not.
  { Notation<G>::parse_move(g, pos, h, text) } -> std::same_as<Result<typename G::Move>>;
  { Notation<G>::format_move(g, pos, m) } -> std::same_as<std::string>;  // canonical token
  { Notation<G>::render_board(g, pos) } -> std::same_as<std::string>;    // multi-line text board
  { Notation<G>::score_text(g, pos) } -> std::same_as<std::string>;      // "17 14" or "none"
  // One-line JSON of the board geometry and the current occupancy, for GUIs (`query board`):
  // {"game":"yinyang","points":[{"name":"a1","x":0,"y":0,"piece":".","dark":true},...],
  //  "links":[["a1","b2"],...],"arcs":[{"from":"b2","to":"b8","side":"left"}]}
  // x/y are drawing coordinates (grid games: file and rank index, 0-based, y up); "piece" is
  // the position-line letter on that point or "."; "dark" only for Yin Yang; "links" and
  // "arcs" may be empty for grid games.
  { Notation<G>::board_json(g, pos) } -> std::same_as<std::string>;
  // The fixed action encoding of learning environments (docs/python.md): actions are
  // 0 .. action_count(g) - 1, and actions() appends the action of each move of a legal list
  // of `pos`, in the list's order (distinct within one list).
  { Notation<G>::action_count(g) } -> std::same_as<int>;
  { Notation<G>::actions(g, pos, moves, actions) } -> std::same_as<void>;
};

}  // namespace triad::adapters
