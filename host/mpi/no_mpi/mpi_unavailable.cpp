// The MPI layer of a build without MPI: one rank, every collective a local no-op (mpi_world.hpp).
#include <cstdlib>

#include "mpi/mpi_world.hpp"

namespace collsweep::mpi {

namespace {
std::uint64_t g_next = 0, g_end = 0, g_finished = 0;
}

bool built_with_mpi(std::string* why) {
  if (why) *why = "built without MPI (install libopenmpi-dev and configure again)";
  return false;
}

World start() { return {}; }
void finish() {}

void open_queue(std::uint64_t first, std::uint64_t end) {
  g_next = first;
  g_end = end;
  g_finished = 0;
}

bool next_chunk(std::uint64_t chunk, bool stop, std::uint64_t* first, std::uint64_t* samples) {
  if (stop || g_next >= g_end) return false;
  *first = g_next;
  *samples = chunk < g_end - g_next ? chunk : g_end - g_next;
  g_next += *samples;
  return true;
}

std::uint64_t finish_chunk(std::uint64_t samples) { return g_finished += samples; }

std::uint64_t close_queue() { return g_next < g_end ? g_next : g_end; }

void gather_each(const std::string& bytes, const std::function<void(int, const std::string&)>& take) {
  take(0, bytes);
}

int broadcast(int value) { return value; }
std::uint64_t broadcast(std::uint64_t value) { return value; }
int max_over_ranks(int value) { return value; }

void abort(int status) { std::exit(status); }

}  // namespace collsweep::mpi
