// The multi-contact LCP laws' instances that law_instances.hpp declares.
#include "families/multicontact/law_instances.hpp"

namespace collsweep {

COLLSWEEP_MULTICONTACT_LAW_INSTANCES(, 1)
COLLSWEEP_MULTICONTACT_LAW_INSTANCES(, 2)
COLLSWEEP_MULTICONTACT_LAW_INSTANCES(, 3)
COLLSWEEP_MULTICONTACT_LAW_INSTANCES(, 4)

}  // namespace collsweep
