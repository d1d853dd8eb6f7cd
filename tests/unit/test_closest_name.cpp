// The "did you mean" of names (vocabulary/closest_name.hpp): typos within a small edit distance, names given
// without their suffix, and nothing for names far from every known one.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "vocabulary/closest_name.hpp"

namespace collsweep {
namespace {

const std::vector<std::string_view> kLaws = {"stronge",          "poisson",         "newton",
                                             "chatterjee-ruina", "chatterjee-law1", "poisson-3d"};

TEST(ClosestName, TyposWithinTheirLengthsLimit) {
  EXPECT_EQ(closest_name("newtn", kLaws), "newton");
  EXPECT_EQ(closest_name("NEWTON", kLaws), "newton");    // case-insensitive
  EXPECT_EQ(closest_name("posison", kLaws), "poisson");  // a transposition is one edit
  EXPECT_EQ(closest_name("poisson3d", kLaws), "poisson-3d");
  EXPECT_EQ(closest_name("hooke", kLaws), "");
  EXPECT_EQ(closest_name("W12", {"W_12", "v_2"}), "W_12");
  EXPECT_EQ(closest_name("ab", {"xy"}), "");  // two edits of two letters are no typo
}

TEST(ClosestName, NamesWithoutTheirSuffix) {
  EXPECT_EQ(names_extending("chatterjee", kLaws),
            (std::vector<std::string_view>{"chatterjee-ruina", "chatterjee-law1"}));
  EXPECT_EQ(names_extending("Poisson", kLaws), (std::vector<std::string_view>{"poisson-3d"}));
  EXPECT_TRUE(names_extending("chat", kLaws).empty());   // a prefix must end where the name has '-' or '_'
  EXPECT_TRUE(names_extending("po", {"po-x"}).empty());  // fewer than 3 characters suggest nothing
  EXPECT_EQ(names_extending("log10_cond", {"log10_cond_M"}), (std::vector<std::string_view>{"log10_cond_M"}));
}

TEST(ClosestName, DidYouMeanText) {
  EXPECT_EQ(did_you_mean_name("newtn", kLaws), " (did you mean \"newton\"?)");
  EXPECT_EQ(did_you_mean_name("chatterjee", kLaws),
            " (did you mean one of \"chatterjee-ruina\", \"chatterjee-law1\"?)");
  EXPECT_EQ(did_you_mean_name("stronge-", kLaws), " (did you mean \"stronge\"?)");
  EXPECT_EQ(did_you_mean_name("hooke", kLaws), "");
}

}  // namespace
}  // namespace collsweep
