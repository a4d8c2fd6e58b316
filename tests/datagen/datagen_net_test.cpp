// triad-datagen -evalfile: self-play with the learned evaluation of a net file. The data
// differs from the classical run's at the same settings and is the same from any number of
// game slots; the header records the net (its digest), so a resume with another net or
// without one is refused; bad net files, nets of another game or board are one error.
#include "adapters/common/text.h"
#include "tests/datagen/datagen_support.h"
#include "tests/nnue/random_net_file.h"

namespace triad::datagen::testing {
namespace {

using adapters::nnue::encode_net_file;
using adapters::nnue::random_net_file;
using adapters::nnue::random_razzle_net;

// A random Razzle Dazzle net written to `file`; returns its bytes.
std::string write_razzle_net(const std::filesystem::path& file, unsigned seed) {
  const std::string bytes = encode_net_file(random_razzle_net(seed));
  write_bytes(file, bytes);
  return bytes;
}

std::vector<std::string> net_test_run(const std::filesystem::path& file, int games,
                                      const std::vector<std::string>& more = {}) {
  std::vector<std::string> words = {"-variant", "razzledazzle", "-games",     std::to_string(games),
                                    "-nodes",   "600",          "-seed",      "7",
                                    "-quiet",   "-output",      file.string()};
  words.insert(words.end(), more.begin(), more.end());
  return words;
}

TEST(DatagenNet, ANetMakesOtherDataWrittenAlikeByEveryThread) {
  TempDir dir("datagen_net");
  const std::string net = write_razzle_net(dir / "a.nnue", 1);
  const std::string evalfile = (dir / "a.nnue").string();
  ASSERT_EQ(run_datagen(net_test_run(dir / "classical.bin", 4), dir.path()).exit_code, 0);
  const auto one =
      run_datagen(net_test_run(dir / "one.bin", 4, {"-evalfile", evalfile}), dir.path());
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto two = run_datagen(
      net_test_run(dir / "two.bin", 4, {"-evalfile", evalfile, "-concurrency", "2"}), dir.path());
  ASSERT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(read_text(dir / "two.bin"), read_text(dir / "one.bin"));

  const auto classical = read_ok(dir / "classical.bin");
  const auto learned = read_ok(dir / "one.bin");
  EXPECT_EQ(classical.header.net_digest, 0u);
  EXPECT_EQ(learned.header.net_digest, learn::net_digest(net));
  EXPECT_EQ(learned.header.net_digest,
            static_cast<std::uint32_t>(adapters::hash_text(net)));  // the documented digest
  ASSERT_GT(learned.records.size(), 10u);
  EXPECT_NE(learned.records, classical.records);
  // The scores are the net's, not the classical evaluation's: most differ.
  const std::size_t n = std::min(learned.records.size(), classical.records.size());
  std::size_t other_scores = 0;
  for (std::size_t i = 0; i < n; ++i)
    other_scores += learned.records[i].score != classical.records[i].score ? 1 : 0;
  EXPECT_GT(other_scores, n / 2);
  // Another net makes other data again.
  write_razzle_net(dir / "b.nnue", 2);
  ASSERT_EQ(run_datagen(net_test_run(dir / "b.bin", 4, {"-evalfile", (dir / "b.nnue").string()}),
                        dir.path())
                .exit_code,
            0);
  EXPECT_NE(read_ok(dir / "b.bin").records, learned.records);
}

TEST(DatagenNet, AResumeWithAnotherNetOrWithoutOneIsRefused) {
  TempDir dir("datagen_net_resume");
  const auto a = dir / "a.nnue", b = dir / "b.nnue";
  const std::uint32_t digest_a = learn::net_digest(write_razzle_net(a, 1));
  const std::uint32_t digest_b = learn::net_digest(write_razzle_net(b, 2));
  ASSERT_NE(digest_a, digest_b);
  const auto file = dir / "net.bin", plain = dir / "plain.bin";
  ASSERT_EQ(run_datagen(net_test_run(file, 2, {"-evalfile", a.string()}), dir.path()).exit_code, 0);
  ASSERT_EQ(run_datagen(net_test_run(plain, 2), dir.path()).exit_code, 0);
  const std::string before = read_text(file), plain_before = read_text(plain);

  expect_refused(run_datagen(net_test_run(file, 3, {"-evalfile", b.string()}), dir.path()),
                 "holds data made with other settings (-evalfile: the file was made with the net "
                 "of digest " +
                     learn::net_digest_text(digest_a) + ", here with the net of digest " +
                     learn::net_digest_text(digest_b) + ")");
  expect_refused(run_datagen(net_test_run(file, 3), dir.path()),
                 "(-evalfile: the file was made with the net of digest " +
                     learn::net_digest_text(digest_a) + ", here with the classical evaluation)");
  expect_refused(run_datagen(net_test_run(plain, 3, {"-evalfile", a.string()}), dir.path()),
                 "(-evalfile: the file was made with the classical evaluation, here with the net "
                 "of digest " +
                     learn::net_digest_text(digest_a) + ")");
  EXPECT_EQ(read_text(file), before);
  EXPECT_EQ(read_text(plain), plain_before);

  // The digest is the net's bytes: the same net under another name continues the file, to
  // the bytes of one uninterrupted run.
  std::filesystem::copy_file(a, dir / "copy.nnue");
  const auto more =
      run_datagen(net_test_run(file, 3, {"-evalfile", (dir / "copy.nnue").string()}), dir.path());
  ASSERT_EQ(more.exit_code, 0) << more.err;
  ASSERT_EQ(run_datagen(net_test_run(dir / "whole.bin", 3, {"-evalfile", a.string()}), dir.path())
                .exit_code,
            0);
  EXPECT_EQ(read_text(file), read_text(dir / "whole.bin"));
}

TEST(DatagenNet, BadNetFilesAreOneError) {
  TempDir dir("datagen_net_errors");
  const std::string good = encode_net_file(random_razzle_net(1));
  const auto file = [&dir](const std::string& name, const std::string& bytes) {
    write_bytes(dir / name, bytes);
    return (dir / name).string();
  };
  std::string flipped = good;
  flipped[300] = static_cast<char>(flipped[300] ^ 4);
  auto two_letters = random_net_file("razzledazzle", "PB", 56, 8, 1);
  auto small_board = random_net_file("ivesdama", "P", 24, 8, 1);
  auto yinyang = random_net_file("yinyang", "P", 36, 8, 1);
  const auto out = dir / "out.bin";
  struct Case {
    std::string variant, evalfile, expected;
  };
  const std::vector<Case> cases = {
      {"razzledazzle", (dir / "none.nnue").string(), "none.nnue': cannot open it (No such file"},
      {"razzledazzle", dir.path().string(), "is a directory, not a regular file"},
      {"razzledazzle", file("text.nnue", "not a net\n"), "is not a Triad net file"},
      {"razzledazzle", file("cut.nnue", good.substr(0, good.size() - 10)),
       "is truncated or damaged"},
      {"razzledazzle", file("flipped.nnue", flipped), "checksum mismatch"},
      {"ivesdama", file("razzle.nnue", good),
       "a net for razzledazzle, not for ivesdama (the game of -variant ivesdama)"},
      {"razzledazzle", file("pb.nnue", encode_net_file(two_letters)),
       "its layout's men are PB, this game's PBX"},
      {"ivesdama", file("small.nnue", encode_net_file(small_board)),
       "it is for a board of 24 points; this variant's has 25"},
      {"yinyang", file("yinyang.nnue", encode_net_file(yinyang)),
       "the game has no learned evaluation"},
      {"razzledazzle", "", "-evalfile: an empty file name"},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.expected);
    const auto r = run_datagen(
        {"-variant", c.variant, "-games", "1", "-evalfile", c.evalfile, "-output", out.string()},
        dir.path());
    expect_refused(r, c.expected);
    EXPECT_EQ(r.err.rfind("triad-datagen: -evalfile: ", 0), 0u) << r.err;
    EXPECT_FALSE(std::filesystem::exists(out)) << "nothing written";
  }
}

}  // namespace
}  // namespace triad::datagen::testing
