// The MPI ranks of `mpirun -np N collsweep run …`: start, a shared queue of sample chunks, and gathering
// each rank's state on rank 0. Without MPI support (or outside mpirun) there is one rank and no MPI call.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace collsweep::mpi {

struct World {
  int rank = 0, size = 1;
  int local_rank = 0;  // rank among the ranks on this node (MPI_COMM_TYPE_SHARED): picks its GPU
};

// Whether this binary was built with MPI ("built without MPI (libopenmpi-dev)" says why not in *why).
bool built_with_mpi(std::string* why = nullptr);

// Starts MPI when this process is one of several ranks launched by mpirun or srun (the environment says
// so); else {0, 1}. finish() ends MPI if start() began it.
World start();
void finish();

// A queue of the samples [first, end) shared by every rank (collective open and close): next_chunk takes
// the next at most `chunk` samples, false when none are left; ranks of any speed finish together. A rank
// asked to stop (`stop`) takes none and ends the queue for every rank: the others take none after the
// chunk they are sweeping. close_queue() returns, on every rank, the end of the samples handed out: once
// every rank has closed the queue, [first, that end) are done, a prefix of the range.
void open_queue(std::uint64_t first, std::uint64_t end);
bool next_chunk(std::uint64_t chunk, bool stop, std::uint64_t* first, std::uint64_t* samples);
std::uint64_t close_queue();
// Records that this rank finished `samples` of the queue's samples; returns every rank's finished samples
// so far (since open_queue).
std::uint64_t finish_chunk(std::uint64_t samples);

// Every rank's bytes handed to `take` on rank 0, one rank at a time in rank order (its own first), so that
// rank 0 holds one other rank's part at a time however many ranks there are; the other ranks send theirs.
// Collective.
void gather_each(const std::string& bytes,
                 const std::function<void(int rank, const std::string& part)>& take);

// Rank 0's value on every rank; collective.
int broadcast(int value);
std::uint64_t broadcast(std::uint64_t value);

// The largest of every rank's value, on every rank; collective.
int max_over_ranks(int value);

// Ends every rank with this status (a rank that fails alone must not leave the others waiting).
[[noreturn]] void abort(int status);

}  // namespace collsweep::mpi
