// Nonblocking messages of a distributed run; see mpi_mailbox.h for why.
#include "cluster/mpi/mailbox.h"

#include <algorithm>
#include <iterator>

namespace triad::cluster::mpi {

namespace {

// Messages taken off MPI's queue per call of Inbox::next, so that one busy sender cannot
// keep the caller from its other work.
constexpr int kArrivalsPerCall = 256;

bool done(MPI_Request& request) {
  int flag = 0;
  MPI_Test(&request, &flag, MPI_STATUS_IGNORE);
  return flag != 0;
}

}  // namespace

void Outbox::start(int destination, int tag, std::unique_ptr<boost::mpi::packed_oarchive> archive) {
  Send s{destination, std::move(archive)};
  MPI_Isend(const_cast<void*>(s.archive->address()), static_cast<int>(s.archive->size()),
            MPI_PACKED, destination, tag, MPI_Comm(world_), &s.request);
  sends_.push_back(std::move(s));
}

bool Outbox::poll() {
  std::erase_if(sends_, [](Send& s) { return done(s.request); });
  return sends_.empty();
}

void Outbox::abandon(int destination) {
  auto lost = std::stable_partition(sends_.begin(), sends_.end(), [destination](const Send& s) {
    return s.destination != destination;
  });
  abandoned_.insert(abandoned_.end(), std::make_move_iterator(lost),
                    std::make_move_iterator(sends_.end()));
  sends_.erase(lost, sends_.end());
}

void Inbox::start_arrived() {
  for (int i = 0; i < kArrivalsPerCall; ++i) {
    int arrived = 0;
    MPI_Message handle = MPI_MESSAGE_NULL;
    MPI_Status status;
    MPI_Improbe(source_, MPI_ANY_TAG, MPI_Comm(world_), &arrived, &handle, &status);
    if (!arrived) return;
    int bytes = 0;
    MPI_Get_count(&status, MPI_PACKED, &bytes);
    Receive r;
    r.message.source = status.MPI_SOURCE;
    r.message.tag = status.MPI_TAG;
    r.message.content =
        std::make_unique<boost::mpi::packed_iarchive>(world_, static_cast<std::size_t>(bytes));
    MPI_Imrecv(r.message.content->address(), bytes, MPI_PACKED, &handle, &r.request);
    receiving_[status.MPI_SOURCE].push_back(std::move(r));
  }
}

std::optional<Message> Inbox::next() {
  start_arrived();
  for (auto it = receiving_.begin(); it != receiving_.end(); ++it) {
    auto& queue = it->second;
    if (!done(queue.front().request)) continue;  // the sender's later messages wait too
    Message m = std::move(queue.front().message);
    queue.pop_front();
    if (queue.empty()) receiving_.erase(it);
    return m;
  }
  return std::nullopt;
}

void Inbox::abandon(int source) {
  auto it = receiving_.find(source);
  if (it == receiving_.end()) return;
  for (auto& r : it->second) abandoned_.push_back(std::move(r));
  receiving_.erase(it);
}

}  // namespace triad::cluster::mpi
