// GPU evaluation of the multi-contact laws on given collisions of k = 1 or 2 contacts
// (multicontact_eval.cuh).
#include "multicontact_eval.cuh"

namespace collsweep::cuda {

template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<1>);
template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<2>);

}  // namespace collsweep::cuda
