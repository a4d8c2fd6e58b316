// One rank's start and end (see job.h).
#include "cluster/mpi/job.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace triad::cluster::mpi {

namespace {

// Set before MPI starts: no rank ever waits inside MPI (cluster/mpi/mailbox.h: it tests and
// sleeps), so Open MPI's yielding the processor on each idle test (its default when
// oversubscribed) only costs a system call; unless the user chose otherwise.
int quiet_idle_ranks() {
  ::setenv("OMPI_MCA_mpi_yield_when_idle", "0", 0);
  return 0;
}

// The handler of the signal that wakes a blocked write (drop_standard_output).
extern "C" void wake(int) {}

}  // namespace

Job::Job(int argc, char** argv)
    : environment_((quiet_idle_ranks(), argc), argv, boost::mpi::threading::funneled) {}

bool mentions_mpi(int argc, const char* const* argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "-mpi") == 0 || std::strcmp(argv[i], "--mpi") == 0) return true;
  return false;
}

std::string Job::size_error(const Settings& settings, const std::string& work) const {
  if (world_.size() >= 2) return {};
  return "-mpi needs at least 2 MPI ranks (rank 0 schedules, the others " + work +
         "): start it as 'mpirun -np N " + settings.program + " -mpi ...' with N >= 2, or " +
         "leave out -mpi (docs/cluster.md)";
}

int end(const Outcome& outcome) {
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  if (boost::mpi::communicator().rank() == 0) write_status_file(outcome.status);
  if (outcome.finalize) return outcome.status;
  std::_Exit(outcome.status);
}

void drop_standard_output(pthread_t writer) {
  const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null < 0) return;
  ::dup2(null, STDOUT_FILENO);
  ::close(null);
  // A blocked write ends (partly done) or is restarted at the signal; either way the rest
  // goes to what descriptor 1 is now. SIGURG is ignored by default, so it needs a handler.
  struct sigaction action {};
  action.sa_handler = wake;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  ::sigaction(SIGURG, &action, nullptr);
  ::pthread_kill(writer, SIGURG);
}

void write_status_file(int status) {
  const char* path = std::getenv(kStatusFileVariable);
  if (path == nullptr || *path == '\0') return;
  // Written whole under another name, then renamed: a reader never sees half a status.
  const std::string partial = std::string(path) + ".partial";
  if (std::FILE* file = std::fopen(partial.c_str(), "w")) {
    const bool written = std::fprintf(file, "%d\n", status) > 0;
    if (std::fclose(file) == 0 && written && std::rename(partial.c_str(), path) == 0) return;
  }
  std::cerr << "rank 0: cannot write the status file " << path << " (" << kStatusFileVariable
            << ")\n";
}

}  // namespace triad::cluster::mpi
