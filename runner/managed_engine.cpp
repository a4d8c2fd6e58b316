// The engine life cycle of every runner (see managed_engine.h).
#include "runner/managed_engine.h"

namespace triad::runner {

using protocol::Failure;
using protocol::FailureKind;

ManagedEngine::ManagedEngine(EngineSpec spec, ManagedEngineSettings settings)
    : spec_(std::move(spec)), settings_(std::move(settings)) {}

ManagedEngine::~ManagedEngine() {
  if (!client_) return;
  if (cancelled())
    client_->kill();  // no time for a polite quit
  else
    client_->quit(std::chrono::milliseconds(500));
}

std::optional<Failure> ManagedEngine::launch() {
  protocol::ProcessSpec process_spec{spec_.command,        spec_.args,       spec_.working_dir,
                                     settings_.stderr_log, settings_.io_log, settings_.cancel};
  auto process = protocol::EngineProcess::start(process_spec);
  if (!process) return Failure{FailureKind::kDisconnected, process.error().message};
  client_ = std::make_unique<protocol::EngineClient>(std::move(*process), spec_.dialect);
  return client_->handshake(settings_.handshake_timeout);
}

Result<void> ManagedEngine::check_options(const std::string& variant) {
  if (spec_.options.empty() || client_) return {};
  const bool in_variant = [&] {
    if (launch()) return false;
    if (variant.empty() || !client_->offers_option("UCI_Variant")) return true;
    return !client_->set_option("UCI_Variant", variant) &&
           !client_->handshake(settings_.handshake_timeout);
  }();
  if (!in_variant) {
    if (client_) client_->kill();
    client_.reset();  // the run meets this failure itself
    return {};
  }
  Result<void> checked;
  for (const auto& [name, value] : spec_.options)
    if (auto r = client_->offered_options().check(name, value); !r) {
      checked = r.error();
      break;
    }
  quit(std::chrono::milliseconds(500));
  return checked;
}

std::optional<Failure> ManagedEngine::start(const std::string& variant) {
  if (auto f = launch()) return f;
  for (const auto& [name, value] : settings_.defaults)
    if (client_->offers_option(name))
      if (auto f = client_->set_option(name, value)) return f;
  if (!variant.empty())
    if (auto f = client_->set_option("UCI_Variant", variant)) return f;
  variant_ = variant;
  for (const auto& [name, value] : spec_.options)
    if (auto f = client_->set_option(name, value)) return f;
  return client_->sync(settings_.handshake_timeout);
}

std::optional<Failure> ManagedEngine::prepare(const std::string& variant) {
  if (client_ && !client_->alive()) {
    ++failures_;  // it died since its last use
    client_.reset();
  }
  std::optional<Failure> failure;
  if (!client_) {
    failure = start(variant);
  } else if (variant != variant_ && !variant.empty()) {
    failure = client_->set_option("UCI_Variant", variant);
    if (!failure) variant_ = variant;
  }
  if (!failure) failure = client_->new_game();
  if (!failure) failure = client_->sync(settings_.handshake_timeout);
  if (failure) end(*failure);
  return failure;
}

protocol::SearchReply ManagedEngine::search(
    const std::string& start_fen, const std::vector<std::string>& moves,
    const protocol::GoLimits& limits, std::chrono::milliseconds timeout,
    const std::function<void(const protocol::InfoLine&)>& on_info) {
  if (!client_) {
    protocol::SearchReply reply;
    reply.failure = Failure{FailureKind::kDisconnected, "the engine is not running"};
    return reply;
  }
  if (auto f = client_->position(start_fen, moves)) {
    protocol::SearchReply reply;
    reply.failure = f;
    return reply;
  }
  return client_->go(limits, timeout, on_info);
}

bool ManagedEngine::recover(const Failure& failure, std::chrono::milliseconds grace) {
  // A late bestmove shows the engine is still sane and in step again.
  if (client_ && failure.kind == FailureKind::kTimeout && client_->drain_bestmove(grace))
    return true;
  end(failure);
  return false;
}

void ManagedEngine::end(const Failure& failure) {
  if (failure.kind != FailureKind::kCancelled) ++failures_;  // not the engine's fault
  if (client_) client_->kill();
  client_.reset();
  variant_.clear();
}

void ManagedEngine::quit(std::chrono::milliseconds grace) {
  if (client_) client_->quit(grace);
  client_.reset();
  variant_.clear();
}

}  // namespace triad::runner
