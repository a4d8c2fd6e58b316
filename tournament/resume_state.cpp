// Reading and writing the resume state (JSON written by JsonWriter, read with yaml-cpp).
#include "tournament/resume_state.h"

#include <yaml-cpp/yaml.h>

#include "adapters/common/json_writer.h"
#include "runner/output_files.h"

namespace triad::tournament {

namespace {

using adapters::JsonWriter;

// Bumped when the file's layout changes; an older file is refused with a clear reason.
constexpr int kFormat = 2;

}  // namespace

std::string tournament_fingerprint(const TournamentConfig& c, std::int64_t schedule_size) {
  std::string f = c.variant;
  auto add = [&f](const std::string& part) {
    f += '|';
    f += part;
  };
  for (auto n : {schedule_size, static_cast<std::int64_t>(c.games),
                 static_cast<std::int64_t>(c.rounds), static_cast<std::int64_t>(c.repeat)})
    add(std::to_string(n));
  add(std::to_string(c.seed));
  for (const auto& e : c.engines) add(e.name);
  if (c.openings) {
    add(c.openings->file.string());
    add(std::to_string(c.openings->plies));
    add(std::to_string(c.openings->start));
    add(c.openings->order == OpeningOrder::kRandom ? "random" : "sequential");
  }
  return f;
}

Result<std::optional<ResumeState>> load_resume_state(const std::filesystem::path& file,
                                                     const std::string& fingerprint, int engines,
                                                     std::int64_t schedule_size) {
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return std::optional<ResumeState>();
  const std::string where = "resume state '" + file.string() + "'";
  if (!std::filesystem::is_regular_file(file, ec))
    return make_error(where + " is not a regular file");
  YAML::Node root;
  try {
    root = YAML::LoadFile(file.string());
    if (!root.IsMap() || !root["format"] || root["format"].as<int>() != kFormat)
      return make_error(where +
                        " was not written by this version of triad-match; delete it or use "
                        "another file");
    if (root["fingerprint"].as<std::string>() != fingerprint)
      return make_error(where +
                        " belongs to another tournament (engines, variant, schedule, openings "
                        "or seed differ); delete it or use another file");
  } catch (const YAML::Exception& e) {
    return make_error(where + " cannot be read: " + e.what());
  }
  auto results = Results::read(root["results"], engines, schedule_size);
  if (!results) return make_error(where + " is damaged: " + results.error().message);
  ResumeState state{std::move(*results), -1};
  try {
    if (root["records_bytes"]) state.records_bytes = root["records_bytes"].as<std::int64_t>();
  } catch (const YAML::Exception& e) {
    return make_error(where + " is damaged: " + e.what());
  }
  return std::optional<ResumeState>(std::move(state));
}

Result<void> save_resume_state(const std::filesystem::path& file, const std::string& fingerprint,
                               const ResumeState& state) {
  JsonWriter j;
  j.begin_object().key("format").value(kFormat).key("fingerprint").value(fingerprint);
  j.key("records_bytes").value(state.records_bytes).key("results");
  state.results.write(j);
  j.end_object();
  return runner::write_file_atomically(file, j.text() + "\n");
}

}  // namespace triad::tournament
