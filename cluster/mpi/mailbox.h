// Messages of a distributed run that never wait for the other side: every message is one
// MPI message holding a Boost.Serialization packed archive, sent with MPI_Isend and received
// with MPI_Improbe + MPI_Imrecv, and both are only ever tested, never waited for.
//
// Why: without MPI's fault-tolerance extensions, a rank that dies can leave a blocking call
// of its peer waiting for good (a receive whose sender was killed in the middle of a large
// message, a send into a full queue of a dead rank). Here nothing blocks, so rank 0 notices
// a silent worker by its lease (cluster/mpi/coordinator.h) and gives up on whatever it
// was exchanging with it (abandon()). Abandoned buffers are kept until the process ends:
// MPI may still write into them.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <boost/mpi/communicator.hpp>
#include <boost/mpi/packed_iarchive.hpp>
#include <boost/mpi/packed_oarchive.hpp>

namespace triad::cluster::mpi {

// A received message: its sender, tag and content (read it with `>>`).
struct Message {
  int source = 0;
  int tag = 0;
  std::unique_ptr<boost::mpi::packed_iarchive> content;

  template <class T>
  T read() {
    T value{};
    *content >> value;
    return value;
  }
};

class Outbox {
 public:
  explicit Outbox(const boost::mpi::communicator& world) : world_(world) {}
  Outbox(const Outbox&) = delete;
  Outbox& operator=(const Outbox&) = delete;

  template <class T>
  void send(int destination, int tag, const T& value) {
    auto archive = std::make_unique<boost::mpi::packed_oarchive>(world_);
    *archive << value;
    start(destination, tag, std::move(archive));
  }
  // Forgets the sends that completed; true if none is left.
  bool poll();
  // Gives up the unfinished sends to `destination` (a rank presumed dead).
  void abandon(int destination);

 private:
  struct Send {
    int destination = 0;
    std::unique_ptr<boost::mpi::packed_oarchive> archive;
    MPI_Request request = MPI_REQUEST_NULL;
  };
  void start(int destination, int tag, std::unique_ptr<boost::mpi::packed_oarchive> archive);

  const boost::mpi::communicator& world_;
  std::vector<Send> sends_;
  std::vector<Send> abandoned_;
};

class Inbox {
 public:
  // Messages from `source` only, or from any rank (MPI_ANY_SOURCE).
  Inbox(const boost::mpi::communicator& world, int source) : world_(world), source_(source) {}
  Inbox(const Inbox&) = delete;
  Inbox& operator=(const Inbox&) = delete;

  // The next message received in full (a sender's messages in the order it sent them), or
  // nullopt. Starts receiving whatever has arrived meanwhile.
  std::optional<Message> next();
  // Gives up the messages from `source` still being received (a rank presumed dead).
  void abandon(int source);

 private:
  struct Receive {
    Message message;
    MPI_Request request = MPI_REQUEST_NULL;
  };
  void start_arrived();

  const boost::mpi::communicator& world_;
  int source_;
  std::map<int, std::deque<Receive>> receiving_;  // by sender, oldest first
  std::vector<Receive> abandoned_;
};

}  // namespace triad::cluster::mpi
