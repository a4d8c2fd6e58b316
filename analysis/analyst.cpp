// The engine side of triad-analyse (see analyst.h): the dialogue for one position, the
// reading of MultiPV info lines and the output line.
#include "analysis/analyst.h"

#include "adapters/common/json_writer.h"
#include "adapters/common/text.h"

namespace triad::analysis {

namespace {

using adapters::JsonWriter;
using protocol::Failure;
using protocol::FailureKind;

void write_prefix(JsonWriter& j, const Task& t) {
  j.begin_object().key("index").value(t.index).key("line").value(t.line);
  if (t.game > 0)
    j.key("game").value(t.game).key("ply").value(static_cast<std::int64_t>(t.moves.size()));
  if (!t.variant.empty()) j.key("variant").value(t.variant);
  j.key("position").value(t.position);
}

void write_score(JsonWriter& j, const protocol::EngineScore& s) {
  j.begin_object().key(s.mate ? "mate" : "cp").value(s.value).end_object();
}

void write_line(JsonWriter& j, const PvLine& l) {
  j.begin_object().key("multipv").value(l.multipv).key("depth").value(l.depth);
  if (l.seldepth) j.key("seldepth").value(*l.seldepth);
  j.key("score");
  if (l.score)
    write_score(j, *l.score);
  else
    j.null();
  if (!l.bound.empty()) j.key("bound").value(l.bound);
  if (l.nodes) j.key("nodes").value(static_cast<std::int64_t>(*l.nodes));
  if (l.time_ms) j.key("time_ms").value(*l.time_ms);
  j.key("bestmove").value(l.pv.empty() ? std::string_view() : std::string_view(l.pv.front()));
  j.key("pv").begin_array();
  for (const auto& m : l.pv) j.value(m);
  j.end_array().end_object();
}

}  // namespace

void read_info(protocol::Dialect dialect, const std::string& line, std::vector<PvLine>& lines) {
  protocol::SearchInfo info;
  protocol::parse_info_line(dialect, line, info);
  if (!info.score) return;
  const auto tokens = adapters::split_fields(line);
  PvLine l;
  l.depth = info.depth;
  l.score = info.score;
  if (line.find(" nodes ") != std::string::npos) l.nodes = info.nodes;
  for (std::size_t i = 1; i < tokens.size(); ++i) {
    const auto key = tokens[i];
    const bool has_value = i + 1 < tokens.size();
    if (key == "pv") {
      for (++i; i < tokens.size(); ++i) l.pv.emplace_back(tokens[i]);
      break;
    }
    if (key == "string") return;
    if (key == "lowerbound") l.bound = "lower";
    if (key == "upperbound") l.bound = "upper";
    if (!has_value) continue;
    if (key == "multipv") {
      if (auto v = adapters::parse_integer<int>(tokens[i + 1]); v && *v >= 1 && *v <= kMaxMultiPv)
        l.multipv = *v;
    } else if (key == "seldepth") {
      if (auto v = adapters::parse_integer<int>(tokens[i + 1])) l.seldepth = *v;
    } else if (key == "time") {
      if (auto v = adapters::parse_integer<std::int64_t>(tokens[i + 1])) l.time_ms = *v;
    }
  }
  auto at = std::lower_bound(lines.begin(), lines.end(), l.multipv,
                             [](const PvLine& a, int m) { return a.multipv < m; });
  if (at != lines.end() && at->multipv == l.multipv)
    *at = std::move(l);
  else
    lines.insert(at, std::move(l));
}

std::string output_prefix(const Task& task) {
  JsonWriter j;
  write_prefix(j, task);
  return j.text();
}

std::string format_output(const Task& task, const Analysis* analysis, const std::string* failure) {
  JsonWriter j;
  write_prefix(j, task);
  if (!task.played.empty()) j.key("played").value(task.played);
  if (!task.error.empty()) {
    j.key("error").value(task.error);
  } else if (!task.result.empty()) {
    j.key("gameover").value(true).key("result").value(task.result);
  } else if (failure) {
    j.key("error").value(*failure);
  } else if (analysis) {
    const PvLine* first = analysis->lines.empty() ? nullptr : &analysis->lines.front();
    std::uint64_t nodes = 0;
    for (const auto& l : analysis->lines) nodes = std::max(nodes, l.nodes.value_or(0));
    j.key("bestmove").value(analysis->bestmove);
    j.key("depth").value(first ? first->depth : 0);
    j.key("nodes").value(static_cast<std::int64_t>(nodes));
    j.key("time_ms").value(static_cast<std::int64_t>(analysis->elapsed.count()));
    j.key("lines").begin_array();
    for (const auto& l : analysis->lines) write_line(j, l);
    j.end_array();
  }
  j.end_object();
  return j.text();
}

Analyst::Analyst(const AnalyseConfig& config, std::string slot,
                 std::shared_ptr<protocol::CancelSignal> cancel)
    : config_(config), slot_(std::move(slot)), cancel_(std::move(cancel)) {}

Analyst::~Analyst() {
  if (!client_) return;
  if (cancel_ && cancel_->cancelled())
    client_->kill();
  else
    client_->quit(std::chrono::milliseconds(500));
}

void Analyst::end_engine() {
  if (client_) client_->kill();
  client_.reset();
  variant_.clear();
}

std::optional<Failure> Analyst::start() {
  const auto& e = config_.engine;
  std::filesystem::path log;
  if (!config_.log_dir.empty()) log = config_.log_dir / (e.name + "-" + slot_ + ".log");
  auto process =
      protocol::EngineProcess::start({e.command, e.args, e.working_dir, log, {}, cancel_});
  if (!process) return Failure{FailureKind::kDisconnected, process.error().message};
  client_ = std::make_unique<protocol::EngineClient>(std::move(*process), e.dialect);
  if (auto f = client_->handshake(config_.handshake_timeout)) return f;
  // Analysis asks for a search: an engine's own book (Triad's is on by default) is turned
  // off first; the user's options come after, so option.OwnBook=true turns it on again.
  if (client_->offers_option("OwnBook"))
    if (auto f = client_->set_option("OwnBook", "false")) return f;
  for (const auto& [name, value] : e.options)
    if (auto f = client_->set_option(name, value)) return f;
  if (config_.multipv > 1)
    if (auto f = client_->set_option("MultiPV", std::to_string(config_.multipv))) return f;
  return std::nullopt;
}

std::optional<Failure> Analyst::attempt(const Task& task, Analysis& out) {
  if (!client_)
    if (auto f = start()) return f;
  if (variant_ != task.variant) {
    if (auto f = client_->set_option("UCI_Variant", task.variant)) return f;
    variant_ = task.variant;
  }
  if (auto f = client_->new_game()) return f;
  if (auto f = client_->sync(config_.handshake_timeout)) return f;
  if (auto f = client_->position(task.start, task.moves)) return f;
  const auto dialect = client_->dialect();
  auto reply = client_->go(config_.limits, config_.timeout,
                           [&](const std::string& line) { read_info(dialect, line, out.lines); });
  if (reply.failure) return reply.failure;
  out.bestmove = reply.move;
  out.elapsed = reply.elapsed;
  return std::nullopt;
}

std::string Analyst::analyse(const Task& task, bool& fatal) {
  fatal = false;
  if (!task.needs_engine()) return format_output(task, nullptr, nullptr);
  std::string last;
  for (int attempt_no = 0; attempt_no <= config_.retries; ++attempt_no) {
    Analysis analysis;
    const auto failure = attempt(task, analysis);
    if (!failure) return format_output(task, &analysis, nullptr);
    end_engine();  // a fresh process for the next attempt
    if (failure->kind == FailureKind::kCancelled) return {};
    last = failure->message;
  }
  fatal = true;
  const std::string message =
      "the engine failed on this position (attempts: " + std::to_string(config_.retries + 1) +
      "); last error: " + last;
  return format_output(task, nullptr, &message);
}

}  // namespace triad::analysis
