// FamilyTraits<Spec>, what host code knows of a model family (specialized in families/<family>/family.hpp),
// and FamilyTag<Spec>, a family as an argument of an overload set.
#pragma once

namespace collsweep::families {

// The members of a specialization (a family that misses one fails to compile):
//   name                      model.kind in configs and summary.json ("planar")
//   in_words                  the family in messages ("multi-contact": "a multi-contact key")
//   Law, law_count, law_name(Law), parse_law(name, Law*)     the family's laws
//   law_stem(name), law_of_stem(stem)   "poisson-lcp" <-> "poisson", to suggest a family's own law name
//   Quantity                  the family's map quantities (models/<family>/quantities.hpp)
//   writes_samples_npy        whether run.samples_npy = true is allowed (write_samples_npy exists)
//   solve_options, eval_options   the options of `solve` and `eval` only this family reads
//   keys(V&, RunSettings&, Spec&)       the config's key table (config/config_keys.hpp)
//   for_each_parameter(f)     f(ParameterRow) for each row of the family's parameter table (planar, spatial;
//                             parameter_rows.hpp)
template <class Spec>
struct FamilyTraits;

// A family as a type argument of an overload set: f(FamilyTag<PlanarSweepSpec>{}, ...).
template <class Spec>
struct FamilyTag {};

}  // namespace collsweep::families
