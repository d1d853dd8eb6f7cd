// GPU evaluation of the multi-contact laws on given collisions of k = 1 or 2 contacts
// (multicontact_eval.cuh).
#include "multicontact_eval.cuh"

namespace collsweep::cuda {

template bool evaluate_multicontact_batch<1>(MultiContactLaw, const MultiContactOptions&,
                                             const MultiContactCollision<1>*, MultiContactOutcome<1>*,
                                             std::size_t, double*, char*, std::size_t);
template bool evaluate_multicontact_batch<2>(MultiContactLaw, const MultiContactOptions&,
                                             const MultiContactCollision<2>*, MultiContactOutcome<2>*,
                                             std::size_t, double*, char*, std::size_t);

}  // namespace collsweep::cuda
