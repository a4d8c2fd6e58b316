// One JSON writer for everything Triad writes as JSON: `query board` answers, the match
// runner's summary and resume state (read back with yaml-cpp, since JSON is YAML). Values
// are written in call order; the caller keeps the structure. Strings are always escaped:
// quotes, backslashes, control bytes and DEL as escapes, invalid UTF-8 as U+FFFD, so the
// text is valid JSON on one line whatever the input.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace triad::adapters {

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  JsonWriter& key(std::string_view name);  // inside an object, before each value
  JsonWriter& value(std::string_view text);
  JsonWriter& value(const char* text) { return value(std::string_view(text)); }
  JsonWriter& value(double number);  // non-finite numbers are written as null
  JsonWriter& value(std::int64_t number);
  JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
  JsonWriter& value(bool flag);
  JsonWriter& null();
  const std::string& text() const { return out_; }

 private:
  void separate();
  std::string out_;
  bool need_comma_ = false;
};

}  // namespace triad::adapters
