// triad-match's command line: a pre-pass groups cutechess-style `-key v1 v2 ...` words,
// Boost.Program_options parses them against the settings table, and the builder applies
// them after the -config file.
#include <sstream>

#include <boost/program_options.hpp>

#include "tournament/config.h"
#include "tournament/settings.h"

namespace triad::tournament {

Result<CommandLine> parse_command_line(int argc, const char* const* argv) {
  namespace po = boost::program_options;
  po::options_description desc(
      "triad-match: a tournament runner that referees Razzle Dazzle, Yin Yang and Ives dama.\n"
      "Options take a single or double dash; groups take key=value words");
  auto opt = [&desc](const char* name, const char* help) {
    desc.add_options()(name, po::value<std::string>()->implicit_value(""), help);
  };
  desc.add_options()("help", "this text");
  for (const Setting& s : settings()) opt(s.key, s.help);

  // Pre-pass: `-key v1 v2 …` -> `--key=v1<US>v2…` (US = unit separator), so that a group
  // keeps its words together and repeated -engine groups stay apart.
  constexpr char kSep = '\x1f';
  std::vector<std::string> normal;
  for (int i = 1; i < argc; ++i) {
    std::string word = argv[i];
    if (word.size() < 2 || word[0] != '-' || (word[1] >= '0' && word[1] <= '9'))
      return make_error("unexpected value '" + word + "' (values follow an option such as -games)");
    word = word.substr(word[1] == '-' ? 2 : 1);
    std::string joined;
    bool first = true;
    for (; i + 1 < argc; ++i) {
      std::string next = argv[i + 1];
      if (next.size() > 1 && next[0] == '-' && !(next[1] >= '0' && next[1] <= '9')) break;
      joined += (first ? "" : std::string(1, kSep)) + next;
      first = false;
    }
    normal.push_back("--" + word + (first ? "" : "=" + joined));
  }
  po::parsed_options parsed(&desc);
  try {
    parsed = po::command_line_parser(normal)
                 .options(desc)
                 .style(po::command_line_style::unix_style)
                 .run();
  } catch (const po::error& e) {
    return make_error(e.what());
  }
  CommandLine out;
  ConfigBuilder builder;
  for (const auto& o : parsed.options) {  // the config file first
    if (o.string_key == "config" && !o.value.empty() && !o.value[0].empty())
      if (auto r = builder.load_yaml(o.value[0]); !r) return r.error();
  }
  for (const auto& o : parsed.options) {
    if (o.string_key == "help") {
      std::ostringstream text;
      text << desc;
      out.show_help = true;
      out.help_text = text.str();
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
