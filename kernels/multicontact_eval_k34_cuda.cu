// GPU evaluation of the multi-contact laws on given collisions of k = 3 or 4 contacts
// (multicontact_eval.cuh).
#include "multicontact_eval.cuh"

namespace collsweep::cuda {

template bool evaluate_multicontact_batch<3>(MultiContactLaw, const MultiContactOptions&,
                                             const MultiContactCollision<3>*, MultiContactOutcome<3>*,
                                             std::size_t, double*, char*, std::size_t);
template bool evaluate_multicontact_batch<4>(MultiContactLaw, const MultiContactOptions&,
                                             const MultiContactCollision<4>*, MultiContactOutcome<4>*,
                                             std::size_t, double*, char*, std::size_t);

}  // namespace collsweep::cuda
