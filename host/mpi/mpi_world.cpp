// The MPI layer with OpenMPI: a passive-target window on rank 0 holds the next sample of the queue, taken
// with MPI_Fetch_and_op, and its stop word; states go to rank 0 one rank at a time (mpi_world.hpp).
#include "mpi/mpi_world.hpp"

// The C API only: OpenMPI's and MPICH's deprecated C++ bindings stay out (and their warnings with them).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace collsweep::mpi {

namespace {

bool g_started = false;
MPI_Win g_window = MPI_WIN_NULL;
std::uint64_t* g_counter = nullptr;
std::uint64_t g_end = 0;
std::uint64_t g_finished = 0;  // one process: the samples finished since open_queue
bool g_stopped = false;        // one process: a stop ended the queue

// The window's words on rank 0.
enum QueueWord : int { next_sample = 0, finished_samples = 1, stopped = 2, queue_words = 3 };

// The number of ranks the launcher says this process is one of (1 when not launched by one).
int launched_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "SLURM_STEP_NUM_TASKS"}) {
    const char* v = std::getenv(name);
    if (v && std::atoi(v) > 1) return std::atoi(v);
  }
  return 1;
}

void check(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

}  // namespace

bool built_with_mpi(std::string*) { return true; }

World start() {
  if (launched_size() <= 1) return {};
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    check(MPI_Init(nullptr, nullptr), "MPI_Init");
    g_started = true;
  }
  World w;
  MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &w.size);
  MPI_Comm node;
  check(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, w.rank, MPI_INFO_NULL, &node),
        "MPI_Comm_split_type");
  MPI_Comm_rank(node, &w.local_rank);
  MPI_Comm_free(&node);
  return w;
}

void finish() {
  if (g_started) MPI_Finalize();
  g_started = false;
}

void open_queue(std::uint64_t first, std::uint64_t end) {
  g_end = end;
  g_finished = 0;
  g_stopped = false;
  if (!g_started) {
    static std::uint64_t local = 0;
    local = first;
    g_counter = &local;
    return;
  }
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  check(MPI_Win_allocate(rank == 0 ? queue_words * sizeof(std::uint64_t) : 0, sizeof(std::uint64_t),
                         MPI_INFO_NULL, MPI_COMM_WORLD, &g_counter, &g_window),
        "MPI_Win_allocate");
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, g_window);
    g_counter[next_sample] = first;
    g_counter[finished_samples] = 0;
    g_counter[stopped] = 0;
    MPI_Win_unlock(0, g_window);
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

bool next_chunk(std::uint64_t chunk, bool stop, std::uint64_t* first, std::uint64_t* samples) {
  std::uint64_t taken = 0;
  if (!g_started) {
    if (stop || g_stopped) {
      g_stopped = true;
      return false;
    }
    taken = *g_counter;
    *g_counter += chunk;
  } else {
    // The stop word first: a chunk taken by another rank while this one sets it is still swept by it, so
    // the samples handed out stay one prefix.
    std::uint64_t stopped_before = 0;
    const std::uint64_t one = 1;
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, g_window);
    check(MPI_Fetch_and_op(stop ? &one : nullptr, &stopped_before, MPI_UINT64_T, 0, stopped,
                           stop ? MPI_REPLACE : MPI_NO_OP, g_window),
          "MPI_Fetch_and_op");
    check(MPI_Win_flush(0, g_window), "MPI_Win_flush");
    if (stop || stopped_before) {
      MPI_Win_unlock(0, g_window);
      return false;
    }
    check(MPI_Fetch_and_op(&chunk, &taken, MPI_UINT64_T, 0, next_sample, MPI_SUM, g_window),
          "MPI_Fetch_and_op");
    MPI_Win_unlock(0, g_window);
  }
  if (taken >= g_end) return false;
  *first = taken;
  *samples = chunk < g_end - taken ? chunk : g_end - taken;
  return true;
}

std::uint64_t finish_chunk(std::uint64_t samples) {
  if (!g_started) return g_finished += samples;
  std::uint64_t before = 0;
  MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, g_window);
  check(MPI_Fetch_and_op(&samples, &before, MPI_UINT64_T, 0, finished_samples, MPI_SUM, g_window),
        "MPI_Fetch_and_op");
  MPI_Win_unlock(0, g_window);
  return before + samples;
}

std::uint64_t close_queue() {
  if (!g_started) return std::min(*g_counter, g_end);
  MPI_Barrier(MPI_COMM_WORLD);  // every rank's chunks are swept
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::uint64_t handed_out = 0;
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, g_window);
    handed_out = std::min(g_counter[next_sample], g_end);
    MPI_Win_unlock(0, g_window);
  }
  MPI_Bcast(&handed_out, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  MPI_Win_free(&g_window);
  g_counter = nullptr;
  return handed_out;
}

void gather_each(const std::string& bytes, const std::function<void(int, const std::string&)>& take) {
  if (!g_started) {
    take(0, bytes);
    return;
  }
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  constexpr std::uint64_t kPiece = 1ull << 30;  // an MPI count is an int: parts go in pieces of 1 GiB
  enum Tag : int { part_size = 1, part_piece = 2 };
  if (rank != 0) {
    std::uint64_t n = bytes.size();
    check(MPI_Send(&n, 1, MPI_UINT64_T, 0, part_size, MPI_COMM_WORLD), "MPI_Send");
    for (std::uint64_t at = 0; at < n; at += kPiece)
      check(MPI_Send(bytes.data() + at, static_cast<int>(std::min(kPiece, n - at)), MPI_BYTE, 0, part_piece,
                     MPI_COMM_WORLD),
            "MPI_Send");
    return;
  }
  take(0, bytes);
  std::string part;
  for (int r = 1; r < size; ++r) {
    std::uint64_t n = 0;
    check(MPI_Recv(&n, 1, MPI_UINT64_T, r, part_size, MPI_COMM_WORLD, MPI_STATUS_IGNORE), "MPI_Recv");
    part.resize(n);
    for (std::uint64_t at = 0; at < n; at += kPiece)
      check(MPI_Recv(part.data() + at, static_cast<int>(std::min(kPiece, n - at)), MPI_BYTE, r, part_piece,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE),
            "MPI_Recv");
    take(r, part);
  }
}

int broadcast(int value) {
  if (g_started) MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return value;
}

std::uint64_t broadcast(std::uint64_t value) {
  if (g_started) MPI_Bcast(&value, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
  return value;
}

int max_over_ranks(int value) {
  int out = value;
  if (g_started) check(MPI_Allreduce(&value, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD), "MPI_Allreduce");
  return out;
}

void abort(int status) {
  if (g_started) MPI_Abort(MPI_COMM_WORLD, status);
  std::exit(status);
}

}  // namespace collsweep::mpi
