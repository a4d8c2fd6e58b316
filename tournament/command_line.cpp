// triad-match's command line: a pre-pass groups cutechess-style `-key v1 v2 ...` words,
// Boost.Program_options parses them against the settings table, and the builder applies
// them after the -config file.
#include <sstream>

#include <boost/program_options.hpp>

#include "adapters/common/text.h"
#include "runner/command_line.h"
#include "tournament/config.h"
#include "tournament/settings.h"

namespace triad::tournament {

Result<CommandLine> parse_command_line(int argc, const char* const* argv) {
  namespace po = boost::program_options;
  po::options_description desc;
  auto opt = [&desc](const char* name, const char* help) {
    desc.add_options()(name, po::value<std::string>()->implicit_value(""), help);
  };
  desc.add_options()("help", "this text");
  for (const Setting& s : settings()) opt(s.key, s.help);

  // Pre-pass: `-key v1 v2 …` -> `-key=v1<US>v2…` (US = unit separator), so that a group
  // keeps its words together and repeated -engine groups stay apart.
  constexpr char kSep = '\x1f';
  std::vector<std::string> normal;
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word.size() < 2 || word[0] != '-' || (word[1] >= '0' && word[1] <= '9'))
      return make_error("unexpected value " + adapters::quote(word) +
                        " (values follow an option such as -games; see triad-match -help)");
    // The dashes as written, so that an error names the option as the user wrote it.
    const std::string dashes = word[1] == '-' ? "--" : "-";
    word = word.substr(dashes.size());
    std::string joined;
    bool first = true;
    for (; i + 1 < argc; ++i) {
      std::string next = argv[i + 1];
      if (next.size() > 1 && next[0] == '-' && !(next[1] >= '0' && next[1] <= '9')) break;
      joined += (first ? "" : std::string(1, kSep)) + next;
      first = false;
    }
    normal.push_back(dashes + word + (first ? "" : "=" + joined));
  }
  po::parsed_options parsed(&desc);
  try {
    parsed =
        po::command_line_parser(normal)
            .options(desc)
            .style(po::command_line_style::unix_style | po::command_line_style::allow_long_disguise)
            .run();
  } catch (const po::error& e) {
    return make_error(std::string(e.what()) + " (see triad-match -help)");
  }
  CommandLine out;
  ConfigBuilder builder;
  for (const auto& o : parsed.options) {  // the config file first
    if (o.string_key == "config" && !o.value.empty() && !o.value[0].empty())
      if (auto r = builder.load_yaml(o.value[0]); !r) return r.error();
  }
  for (const auto& o : parsed.options) {
    if (o.string_key == "help") {
      out.show_help = true;
      out.help_text = runner::help_text(
          {"triad-match [options]   (-engine key=value... twice or more, or -config FILE)",
           "A tournament runner that referees Razzle Dazzle, Yin Yang and Ives dama games between "
           "UCI/UGI engines; a group option takes key=value words (-engine cmd=triad "
           "name=A).",
           "the run failed after it started (a game that could not be played, an output "
           "that failed)",
           "after a second Ctrl-C (the first one stops cleanly, with exit status 0; with -mpi, "
           "130)"},
          desc);
      return out;
    }
    if (o.string_key == "config") continue;
    std::vector<std::string> values;
    if (!o.value.empty() && !o.value[0].empty()) {
      std::string item;
      std::istringstream in(o.value[0]);
      while (std::getline(in, item, kSep)) values.push_back(item);
    }
    if (auto r = builder.apply(o.string_key, values); !r) return r.error();
  }
  auto config = builder.build();
  if (!config) return config.error();
  out.config = std::move(*config);
  return out;
}

}  // namespace triad::tournament
