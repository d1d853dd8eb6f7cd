// GPU evaluation of the multi-contact laws on given collisions of k = 3 or 4 contacts
// (multicontact_eval.cuh).
#include "multicontact_eval.cuh"

namespace collsweep::cuda {

template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<3>);
template COLLSWEEP_EVALUATE_BATCH(MultiContactBatch<4>);

}  // namespace collsweep::cuda
