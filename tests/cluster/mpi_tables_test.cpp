// triad-tables -mpi under mpirun (3 ranks: rank 0 hands out the slices of one stone total at a
// time and writes their files, ranks 1 and 2 build them): the files of the one-machine build,
// byte for byte; a job killed in the middle, then given a damaged file, resumed to the same
// bytes; a worker killed mid-build (mpirun --enable-recovery) losing no slice, also under
// -memory, where its slice in pieces is continued from its last checkpoint; and the errors that
// end every rank with one message (bad settings, a folder of other rules, -verify, workers that
// cannot read rank 0's files or read another variant).
#include <signal.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "adapters/tables/table_file.h"
#include "tests/cluster/mpi_support.h"

namespace triad::tables::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using tournament::testing::JobProcess;
using tournament::testing::mpirun_words;
using tournament::testing::ProcessResult;
using tournament::testing::read_text;
using tournament::testing::TempDir;

const std::string kTriadTables = TRIAD_BINARY_DIR "/triad-tables";

// `words` (program first) to the end, its output in a fresh folder under `dir`.
ProcessResult run_words(const std::vector<std::string>& words, const fs::path& dir) {
  static int runs = 0;
  const auto folder = dir / ("run" + std::to_string(++runs));
  fs::create_directories(folder);
  return JobProcess(words, folder).wait(std::chrono::seconds(120));
}

ProcessResult run_local(const std::vector<std::string>& args, const fs::path& dir) {
  std::vector<std::string> words = {kTriadTables};
  words.insert(words.end(), args.begin(), args.end());
  return run_words(words, dir);
}

std::vector<std::string> mpi_words(int ranks, const std::vector<std::string>& args) {
  auto words = mpirun_words(ranks);
  words.insert(words.end(), {kTriadTables, "-mpi"});
  words.insert(words.end(), args.begin(), args.end());
  return words;
}

ProcessResult run_mpi(int ranks, const std::vector<std::string>& args, const fs::path& dir) {
  return run_words(mpi_words(ranks, args), dir);
}

// A build of `variant` up to `stones` into `folder`, one thread per rank by default.
std::vector<std::string> build_of(const fs::path& folder, int stones,
                                  const std::string& variant = "ivesdama", int threads = 1) {
  return {"-variant", variant,         "-stones",  std::to_string(stones),
          "-dir",     folder.string(), "-threads", std::to_string(threads),
          "-quiet"};
}

// The one-machine build of `stones` into `folder` (two threads: the same bytes, sooner).
void build_locally(const fs::path& folder, int stones, const fs::path& dir) {
  const auto local = run_local(build_of(folder, stones, "ivesdama", 2), dir);
  ASSERT_EQ(local.exit_code, 0) << local.err;
}

// The start of the last line of a build: "slices: B built, K kept;".
std::string slices_line(int built, int kept) {
  return "slices: " + std::to_string(built) + " built, " + std::to_string(kept) + " kept; ";
}

// The slice files of `stones` stones in `a` and `b` are the same bytes, and `b` holds nothing
// else (no temporary file left behind).
void expect_same_files(const fs::path& a, const fs::path& b, int stones) {
  const auto materials = materials_up_to(stones);
  for (const Material m : materials) {
    const auto name = slice_file_name(m);
    ASSERT_TRUE(fs::exists(b / name)) << name;
    const std::string left = read_text(a / name), right = read_text(b / name);
    EXPECT_FALSE(left.empty()) << name;
    EXPECT_TRUE(left == right) << name << ": " << left.size() << " and " << right.size()
                               << " bytes, different contents";
  }
  const auto files = std::distance(fs::directory_iterator(b), fs::directory_iterator());
  EXPECT_EQ(files, static_cast<long>(materials.size()));
}

// The error lines "triad-tables: ..." of a job's standard error.
std::vector<std::string> error_lines(const ProcessResult& r) {
  return tournament::testing::lines_starting(r.err, "triad-tables: ");
}

// Exit status `status`, without a timeout, and one error line, with `expected` in it.
void expect_one_error(const ProcessResult& r, int status, const std::string& expected) {
  EXPECT_FALSE(r.timed_out) << r.err;
  EXPECT_EQ(r.exit_code, status) << r.out << r.err;
  const auto errors = error_lines(r);
  ASSERT_EQ(errors.size(), 1u) << r.err;
  EXPECT_NE(errors[0].find(expected), std::string::npos) << r.err;
}

// 4 stones: 15 slices over five stone totals, enough for both workers and for the holding
// back of each total until the smaller ones are written.
TEST(MpiTables, BuildsTheBytesOfTheLocalBuild) {
  TempDir dir("mpi_tables_same");
  const auto local = run_local(build_of(dir / "local", 4), dir.path());
  ASSERT_EQ(local.exit_code, 0) << local.err;
  const auto mpi = run_mpi(3, build_of(dir / "mpi", 4), dir.path());
  ASSERT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  expect_same_files(dir / "local", dir / "mpi", 4);
  EXPECT_EQ(mpi.out.rfind(slices_line(15, 0), 0), 0u) << mpi.out;
  // The same counts as the one-machine build's line; only the seconds differ.
  EXPECT_EQ(mpi.out.substr(0, mpi.out.find("built in")),
            local.out.substr(0, local.out.find("built in")));
  // Both workers built: "Workers: rank 1 (host) N slices, rank 2 (host) M slices".
  EXPECT_NE(mpi.err.find("rank 1 ("), std::string::npos) << mpi.err;
  EXPECT_NE(mpi.err.find("rank 2 ("), std::string::npos) << mpi.err;
  EXPECT_TRUE(error_lines(mpi).empty()) << mpi.err;
  // A finished folder given to a distributed build again: every file kept, the same bytes.
  const auto again = run_mpi(3, build_of(dir / "mpi", 4), dir.path());
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(again.out.rfind(slices_line(0, 15), 0), 0u) << again.out;
  expect_same_files(dir / "local", dir / "mpi", 4);
  // -verify (one process) accepts the distributed build's files.
  const auto verified =
      run_local({"-stones", "4", "-dir", (dir / "mpi").string(), "-verify"}, dir.path());
  EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
}

// Rank 0 killed (SIGKILL: no clean-up) once the first 4-stone slice is written: mpirun ends
// the other ranks. With one of the files it left cut short, the same command builds what is
// missing or damaged and keeps the rest: the bytes of the one-machine build.
TEST(MpiTables, AKilledJobResumesToTheBytesOfTheLocalBuild) {
  TempDir dir("mpi_tables_resume");
  const auto folder = dir / "mpi";
  const int stones = 5, slices = 21;
  {
    JobProcess job(mpi_words(3, build_of(folder, stones)), dir.path());
    const auto first_four = folder / slice_file_name({0, 4});
    for (int i = 0; i < 6000 && !fs::exists(first_four); ++i) std::this_thread::sleep_for(10ms);
    const int pid = tournament::testing::rank_process(folder.string(), 0);
    ASSERT_GT(pid, 0) << job.out_so_far();
    ::kill(pid, SIGKILL);
    const auto killed = job.wait(std::chrono::seconds(60));
    ASSERT_FALSE(killed.timed_out) << killed.err;
    EXPECT_NE(killed.exit_code, 0) << killed.out << killed.err;
  }
  EXPECT_EQ(tournament::testing::survivors_after(folder.string(), 10s), "")
      << "no rank outlives the job";
  int written = 0;
  for (const Material m : materials_up_to(stones))
    written += fs::exists(folder / slice_file_name(m));
  ASSERT_LT(written, slices) << "the job ended before it was killed; build more stones";
  const auto cut = folder / slice_file_name({1, 2});
  const std::string bytes = read_text(cut);
  std::ofstream(cut, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() / 2);

  const auto resumed = run_mpi(3, build_of(folder, stones), dir.path());
  ASSERT_EQ(resumed.exit_code, 0) << resumed.out << resumed.err;
  const auto errors = error_lines(resumed);  // the one note: the cut file is built again
  ASSERT_EQ(errors.size(), 1u) << resumed.err;
  EXPECT_NE(errors[0].find("ives-1-2.tbl: truncated or extended"), std::string::npos) << errors[0];
  EXPECT_NE(errors[0].find(": built again"), std::string::npos) << errors[0];
  EXPECT_EQ(resumed.out.rfind(slices_line(slices - written + 1, written - 1), 0), 0u)
      << resumed.out << "(" << written << " files before)";
  build_locally(dir / "local", stones, dir.path());
  expect_same_files(dir / "local", folder, stones);
}

// The 4-stone slice 0-4 is written in `folder`: the 4-stone total is being built.
bool four_stones_started(const fs::path& folder) {
  return fs::exists(folder / slice_file_name({0, 4}));
}

// A 5-stone build into `dir`/mpi started with --enable-recovery and `extra` options, worker
// rank 1 killed once `ready(folder)`: rank 0 misses its heartbeats for a lease (-mpilease 3)
// and gives its slice to the other worker; the job ends well and the files are the one-machine
// build's, byte for byte, with nothing else left in the folder. Returns the job's outcome.
ProcessResult expect_no_slice_lost_when_a_worker_is_killed(
    const TempDir& dir, const std::vector<std::string>& extra,
    bool (*ready)(const fs::path&) = four_stones_started) {
  const auto folder = dir / "mpi";
  const int stones = 5;
  ProcessResult mpi;
  {
    auto words = tournament::testing::mpirun_with_recovery(kTriadTables);
    const auto args = build_of(folder, stones);
    words.insert(words.end(), args.begin(), args.end());
    words.insert(words.end(), {"-mpilease", "3"});
    words.insert(words.end(), extra.begin(), extra.end());
    JobProcess job(words, dir.path());
    const auto give_up = std::chrono::steady_clock::now() + 60s;
    while (!ready(folder) && std::chrono::steady_clock::now() < give_up)
      std::this_thread::sleep_for(1ms);
    EXPECT_TRUE(ready(folder)) << "killed late";
    const int pid = tournament::testing::rank_process(folder.string(), 1);
    EXPECT_GT(pid, 0) << job.out_so_far();
    if (pid > 0) ::kill(pid, SIGKILL);
    mpi = job.wait(std::chrono::seconds(180));
  }
  EXPECT_FALSE(mpi.timed_out) << mpi.err;
  EXPECT_EQ(mpi.exit_code, 0) << mpi.out << mpi.err;
  EXPECT_NE(mpi.err.find("Lost rank 1 ("), std::string::npos)
      << "the job ended before rank 1 was killed; build more stones\n"
      << mpi.err;
  EXPECT_EQ(mpi.out.rfind(slices_line(21, 0), 0), 0u) << mpi.out;
  build_locally(dir / "local", stones, dir.path());
  expect_same_files(dir / "local", folder, stones);
  return mpi;
}

TEST(MpiTables, AWorkerKilledMidBuildLosesNoSlice) {
  TempDir dir("mpi_tables_worker_killed");
  expect_no_slice_lost_when_a_worker_is_killed(dir, {});
}

// Both workers are building a slice in pieces (-memory) and each has passed a checkpoint:
// two work folders of leases (ives-a-b.tbl.work-STAMP) hold a state file.
bool both_workers_past_a_checkpoint(const fs::path& folder) {
  int states = 0;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec))
    states += entry.path().filename().string().find(".tbl.work-") != std::string::npos &&
              fs::exists(entry.path() / "state", ec);
  return states == 2;
}

// The same under -memory 1M: every 5-stone slice but two built in pieces by its worker, the
// smaller slices probed in rank 0's files. Rank 1 is killed while its slice is in pieces past
// a checkpoint: the worker given that slice next takes over its work folder and continues
// from that checkpoint, not from the start; no work folder is left.
TEST(MpiTables, AWorkerKilledUnderAMemoryLimitLosesOnlyThePassItWasIn) {
  TempDir dir("mpi_tables_memory");
  const auto mpi = expect_no_slice_lost_when_a_worker_is_killed(dir, {"-memory", "1M"},
                                                                both_workers_past_a_checkpoint);
  const auto errors = error_lines(mpi);
  ASSERT_EQ(errors.size(), 1u) << mpi.err;
  EXPECT_NE(errors[0].find(".tbl: continued from pass "), std::string::npos) << mpi.err;
}

TEST(MpiTables, ErrorsEndEveryRankWithOneMessage) {
  TempDir dir("mpi_tables_errors");
  expect_one_error(run_mpi(1, build_of(dir / "t", 2), dir.path()), 2,
                   "-mpi needs at least 2 MPI ranks (rank 0 schedules, the others build)");
  auto bad = build_of(dir / "t", 2);
  bad[3] = "13";
  expect_one_error(run_mpi(3, bad, dir.path()), 2, "triad-tables: -stones '13' is outside 1..12");
  auto verify = build_of(dir / "t", 2);
  verify.push_back("-verify");
  expect_one_error(run_mpi(3, verify, dir.path()), 2,
                   "triad-tables: -verify runs on one process: leave out -mpi");
  // A folder of the arc rule's tables given for the base rules: refused, nothing overwritten.
  ASSERT_EQ(run_local(build_of(dir / "arc", 2, "ivesdama-arc"), dir.path()).exit_code, 0);
  const std::string arc = read_text(dir / "arc" / slice_file_name({1, 1}));
  expect_one_error(run_mpi(3, build_of(dir / "arc", 2), dir.path()), 2,
                   "ives-0-0.tbl: built for other rules (arc_capture true, forward false; these "
                   "are arc_capture false, forward false); use one folder per variant");
  EXPECT_EQ(read_text(dir / "arc" / slice_file_name({1, 1})), arc);
  std::ofstream(dir / "plain") << "a file\n";
  expect_one_error(run_mpi(3, build_of(dir / "plain", 2), dir.path()), 2,
                   "-dir '" + (dir / "plain").string() + "' is not a folder and cannot be created");
}

// An MPI job whose ranks run in other folders (mpirun_in_folders): a relative -dir or
// -variants names another file on the workers, as the same path can on hosts that do not
// share the folder.
ProcessResult run_mpi_in(const fs::path& rank0, const fs::path& workers,
                         const std::vector<std::string>& args, const fs::path& dir) {
  return run_words(tournament::testing::mpirun_in_folders(kTriadTables, rank0, workers, args), dir);
}

TEST(MpiTables, WorkersThatCannotReadRankZerosFilesOrReadAnotherVariantEndTheJob) {
  TempDir dir("mpi_tables_workers");
  const auto rank0 = dir / "rank0", workers = dir / "workers";
  fs::create_directories(rank0);
  fs::create_directories(workers / "t");
  // The workers' "t" is not rank 0's: the first slice that needs a smaller one cannot be read
  // (a damaged file there; a missing one would be looked for again for 10 s first).
  std::ofstream(workers / "t" / slice_file_name({0, 0})) << "not a table\n";
  const std::vector<std::string> relative = {"-stones",  "3", "-dir",  "t",
                                             "-threads", "1", "-quiet"};
  const auto unshared = run_mpi_in(rank0, workers, relative, dir.path());
  // Whichever worker reads first fails: "triad-tables: rank 2 (host): t/ives-0-0.tbl: ...".
  expect_one_error(unshared, 1, "triad-tables: rank ");
  EXPECT_NE(unshared.err.find("): t/ives-0-0.tbl: truncated: "), std::string::npos) << unshared.err;
  EXPECT_FALSE(fs::exists(rank0 / "t" / slice_file_name({0, 3})));

  // -variants files of the same name with other rules: refused before any slice is written.
  const auto variants = [](const std::string& rule) {
    return "variants:\n  - name: mine\n    game: ivesdama\n    " + rule + "\n";
  };
  std::ofstream(rank0 / "v.yaml") << variants("arc_capture: true");
  std::ofstream(workers / "v.yaml") << variants("forward: true");
  auto other = std::vector<std::string>{"-variants", "v.yaml",  "-variant", "mine",  "-dir",
                                        "u",         "-stones", "3",        "-quiet"};
  const auto refused = run_mpi_in(rank0, workers, other, dir.path());
  expect_one_error(refused, 2, ") read another variant than rank 0 (its -variant has other rules)");
  EXPECT_FALSE(fs::exists(rank0 / "u" / slice_file_name({0, 0})));
}

}  // namespace
}  // namespace triad::tables::testing
