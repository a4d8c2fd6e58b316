// The one JSON writer (adapters/common/json_writer.h): structure, escaping, and that what it
// writes parses back.
#include "adapters/common/json_writer.h"

#include <limits>
#include <string>

#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

namespace triad::adapters {
namespace {

TEST(JsonWriter, NestedValuesParseBack) {
  JsonWriter j;
  j.begin_object().key("name").value("a \"q\"\n\x01").key("n").value(3).key("x").value(0.5);
  j.key("inf")
      .value(std::numeric_limits<double>::infinity())
      .key("list")
      .begin_array()
      .value(true)
      .null()
      .begin_object();
  j.end_object().end_array().end_object();
  EXPECT_EQ(j.text(),
            "{\"name\":\"a \\\"q\\\"\\n\\u0001\",\"n\":3,\"x\":0.5,\"inf\":null,"
            "\"list\":[true,null,{}]}");
  const YAML::Node back = YAML::Load(j.text());
  EXPECT_EQ(back["name"].as<std::string>(), "a \"q\"\n\x01");
  EXPECT_EQ(back["n"].as<int>(), 3);
  EXPECT_TRUE(back["list"][1].IsNull());
}

TEST(JsonWriter, KeepsValidUtf8AndEscapesDelAndInvalidBytes) {
  JsonWriter j;
  j.value("\xc3\x8dves d\xc3\xa1ma \x7f \xff \xc3 \xed\xa0\x80");
  EXPECT_EQ(j.text(), "\"\xc3\x8dves d\xc3\xa1ma \\u007f \\ufffd \\ufffd \\ufffd\\ufffd\\ufffd\"");
}

TEST(JsonWriter, KeysAreEscapedToo) {
  JsonWriter j;
  j.begin_object().key("a\"b\r").value(1).end_object();
  EXPECT_EQ(j.text(), "{\"a\\\"b\\u000d\":1}");
  EXPECT_EQ(YAML::Load(j.text())["a\"b\r"].as<int>(), 1);
}

}  // namespace
}  // namespace triad::adapters
