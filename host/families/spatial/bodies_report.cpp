// What `collsweep solve --bodies FILE` prints of the two bodies (bodies_report.hpp).
#include "families/spatial/bodies_report.hpp"

#include <utility>
#include <vector>

#include "vocabulary/text_table.hpp"

namespace collsweep::families {
namespace {

std::vector<double> components(const Vec3& a) { return {a.x, a.y, a.z}; }

}  // namespace

BodiesAfter apply_impulse(const BodiesInput& b, const Vec3n& P) {
  BodiesAfter a{b.body1, b.body2, kinetic_energy(b.body1) + kinetic_energy(b.body2), 0.0};
  apply_contact_impulse(b.frame, P, &a.body1, &a.body2);
  a.T_after = kinetic_energy(a.body1) + kinetic_energy(a.body2);
  return a;
}

void write_bodies_json(io::JsonWriter& j, const BodiesInput& b, const BodiesAfter& a) {
  j.key("bodies").begin_object();
  j.key("normal").numbers(components(b.frame.n));
  j.key("t1").numbers(components(b.frame.t1));
  j.key("t2").numbers(components(b.frame.t2));
  const RigidBody* before[2] = {&b.body1, &b.body2};
  const RigidBody* after[2] = {&a.body1, &a.body2};
  for (int i = 0; i < 2; ++i) {
    j.key(i == 0 ? "body1" : "body2").begin_object();
    j.key("ground").boolean(before[i]->ground);
    if (!before[i]->ground) {
      j.key("v").numbers(components(before[i]->v)).key("w").numbers(components(before[i]->w));
      j.key("v2").numbers(components(after[i]->v)).key("w2").numbers(components(after[i]->w));
    }
    j.end_object();
  }
  j.key("T_before").number(a.T_before).key("T_after").number(a.T_after);
  j.end_object();
}

void print_bodies_table(std::ostream& os, const BodiesInput& b, const BodiesAfter& a) {
  os << "\nbodies (world axes; P acts on body 1, -P on body 2)\n";
  TextTable f;
  f.row({"frame", "x", "y", "z"});
  const std::pair<const char*, Vec3> axes[] = {{"n", b.frame.n}, {"t1", b.frame.t1}, {"t2", b.frame.t2}};
  for (const auto& [name, e] : axes) f.row({name, table_number(e.x), table_number(e.y), table_number(e.z)});
  f.print(os);
  os << '\n';
  TextTable t;
  t.row({"body", "", "x", "y", "z"});
  const RigidBody* before[2] = {&b.body1, &b.body2};
  const RigidBody* after[2] = {&a.body1, &a.body2};
  for (int i = 0; i < 2; ++i) {
    const std::string name = std::to_string(i + 1);
    if (before[i]->ground) {
      t.row({name, "ground (at rest)"});
      continue;
    }
    const std::pair<const char*, Vec3> rows[] = {
        {"v", before[i]->v}, {"w", before[i]->w}, {"v2", after[i]->v}, {"w2", after[i]->w}};
    for (const auto& [what, x] : rows)
      t.row({name, what, table_number(x.x), table_number(x.y), table_number(x.z)});
  }
  t.print(os);
  os << "\n(v, w: mass-centre and angular velocity before; v2, w2 after)\n";
  TextTable e;
  e.row({"T_before", table_number(a.T_before)});
  e.row({"T_after", table_number(a.T_after), "(T_after - T_before = dE)"});
  e.print(os);
}

}  // namespace collsweep::families
