// The MPI layer with OpenMPI: a passive-target window on rank 0 holds the next sample of the queue, taken
// with MPI_Fetch_and_op; states are gathered with MPI_Gatherv (mpi_world.hpp).
#include "mpi/mpi_world.hpp"

// The C API only: OpenMPI's and MPICH's deprecated C++ bindings stay out (and their warnings with them).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <cstdlib>
#include <stdexcept>

namespace collsweep::mpi {

namespace {

bool g_started = false;
MPI_Win g_window = MPI_WIN_NULL;
std::uint64_t* g_counter = nullptr;
std::uint64_t g_end = 0;
std::uint64_t g_finished = 0;  // one process: the samples finished since open_queue

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
  if (!g_started) {
    static std::uint64_t local = 0;
    local = first;
    g_counter = &local;
    return;
  }
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  // Rank 0 holds two words: the next sample to hand out, and the samples finished.
  check(MPI_Win_allocate(rank == 0 ? 2 * sizeof(std::uint64_t) : 0, sizeof(std::uint64_t), MPI_INFO_NULL,
                         MPI_COMM_WORLD, &g_counter, &g_window),
        "MPI_Win_allocate");
  if (rank == 0) {
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, g_window);
    g_counter[0] = first;
    g_counter[1] = 0;
    MPI_Win_unlock(0, g_window);
  }
  MPI_Barrier(MPI_COMM_WORLD);
}

bool next_chunk(std::uint64_t chunk, std::uint64_t* first, std::uint64_t* samples) {
  std::uint64_t taken = 0;
  if (!g_started) {
    taken = *g_counter;
    *g_counter += chunk;
  } else {
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, g_window);
    check(MPI_Fetch_and_op(&chunk, &taken, MPI_UINT64_T, 0, 0, MPI_SUM, g_window), "MPI_Fetch_and_op");
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
  check(MPI_Fetch_and_op(&samples, &before, MPI_UINT64_T, 0, 1, MPI_SUM, g_window), "MPI_Fetch_and_op");
  MPI_Win_unlock(0, g_window);
  return before + samples;
}

void close_queue() {
  if (!g_started) return;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_free(&g_window);
  g_counter = nullptr;
}

std::vector<std::string> gather(const std::string& bytes) {
  if (!g_started) return {bytes};
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int mine = static_cast<int>(bytes.size());
  std::vector<int> sizes(size), offsets(size);
  check(MPI_Gather(&mine, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, MPI_COMM_WORLD), "MPI_Gather");
  std::string all;
  if (rank == 0) {
    long long total = 0;
    for (int r = 0; r < size; ++r) {
      offsets[r] = static_cast<int>(total);
      total += sizes[r];
    }
    all.resize(static_cast<std::size_t>(total));
  }
  check(MPI_Gatherv(bytes.data(), mine, MPI_BYTE, all.data(), sizes.data(), offsets.data(), MPI_BYTE, 0,
                    MPI_COMM_WORLD),
        "MPI_Gatherv");
  std::vector<std::string> parts;
  if (rank == 0)
    for (int r = 0; r < size; ++r) parts.push_back(all.substr(offsets[r], sizes[r]));
  return parts;
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
