// GPU evaluation of the multi-contact laws on given collisions of k = 1 or 2 contacts
// (multicontact_eval.cuh).
#include "multicontact_eval.cuh"

namespace collsweep::cuda {

template COLLSWEEP_MULTICONTACT_BATCH(1);
template COLLSWEEP_MULTICONTACT_BATCH(2);

}  // namespace collsweep::cuda
