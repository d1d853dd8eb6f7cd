// Tests of the io layer: 17-digit number round trips, the RFC 4180 CSV reader/writer, the JSON writer.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "io/csv.hpp"
#include "io/format.hpp"
#include "io/json_writer.hpp"
#include "support/mini_json.hpp"

namespace collsweep::io {
namespace {

std::uint64_t bits(double x) {
  std::uint64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b;
}

double round_trip(double x) {
  double y = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(parse_double(format_double(x), &y)) << format_double(x);
  return y;
}

TEST(FormatDouble, SeventeenSignificantDigits) {
  EXPECT_EQ(format_double(0.1), "0.10000000000000001");
  EXPECT_EQ(format_double(1.0 / 3.0), "0.33333333333333331");
  EXPECT_EQ(format_double(1e-300), "1e-300");  // its 17-digit expansion ends in zeros
  EXPECT_EQ(format_double(-0.0), "-0");
  EXPECT_EQ(format_double(5e-324), "4.9406564584124654e-324");
  EXPECT_EQ(format_double(0.5), "0.5");
  EXPECT_EQ(format_double(-2.0), "-2");
  EXPECT_EQ(format_double(1e22), "1e+22");
  EXPECT_EQ(format_double(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(format_double(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(format_double(std::numeric_limits<double>::quiet_NaN()), "nan");
  EXPECT_EQ(format_double(-std::numeric_limits<double>::quiet_NaN()), "nan");
}

TEST(FormatDouble, TrickyValuesRoundTripBitwise) {
  const double tricky[] = {0.1,
                           1.0 / 3.0,
                           2.0 / 3.0,
                           1e-300,
                           -0.0,
                           0.0,
                           5e-324,
                           -5e-324,
                           DBL_MIN,
                           DBL_MIN / 3.0,
                           DBL_MAX,
                           -DBL_MAX,
                           DBL_EPSILON,
                           1.0 + DBL_EPSILON,
                           9007199254740993.0,
                           0.30000000000000004,
                           123456789.123456789,
                           -1.7976931348623157e308,
                           std::nextafter(1.0, 0.0),
                           std::nextafter(0.1, 1.0)};
  for (double x : tricky) {
    const double y = round_trip(x);
    EXPECT_EQ(bits(x), bits(y)) << format_double(x);
  }
  EXPECT_TRUE(std::signbit(round_trip(-0.0)));
}

TEST(FormatDouble, RandomBitPatternsRoundTripBitwise) {
  std::mt19937_64 gen(12345);
  int checked = 0;
  for (int i = 0; i < 200000; ++i) {
    std::uint64_t b = gen();
    double x;
    std::memcpy(&x, &b, sizeof x);
    if (!std::isfinite(x)) continue;
    double y = 0.0;
    ASSERT_TRUE(parse_double(format_double(x), &y));
    ASSERT_EQ(bits(x), bits(y)) << format_double(x);
    ++checked;
  }
  EXPECT_GT(checked, 190000);
}

TEST(FormatDouble, NonFiniteRoundTrip) {
  EXPECT_EQ(round_trip(std::numeric_limits<double>::infinity()), std::numeric_limits<double>::infinity());
  EXPECT_EQ(round_trip(-std::numeric_limits<double>::infinity()), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(round_trip(std::numeric_limits<double>::quiet_NaN())));
}

TEST(ParseDouble, AcceptsNumbersWithBlanksAndSpecialValues) {
  double x = 0.0;
  ASSERT_TRUE(parse_double(" 1.5\t", &x));
  EXPECT_EQ(x, 1.5);
  ASSERT_TRUE(parse_double("-2e-3", &x));
  EXPECT_EQ(x, -2e-3);
  ASSERT_TRUE(parse_double("+7", &x));
  EXPECT_EQ(x, 7.0);
  ASSERT_TRUE(parse_double("nan", &x));
  EXPECT_TRUE(std::isnan(x));
  ASSERT_TRUE(parse_double("NaN", &x));
  EXPECT_TRUE(std::isnan(x));
  ASSERT_TRUE(parse_double("-inf", &x));
  EXPECT_EQ(x, -std::numeric_limits<double>::infinity());
  ASSERT_TRUE(parse_double("Infinity", &x));
  EXPECT_EQ(x, std::numeric_limits<double>::infinity());
  ASSERT_TRUE(parse_double("1e999", &x));  // overflows to inf (documented)
  EXPECT_EQ(x, std::numeric_limits<double>::infinity());
  ASSERT_TRUE(parse_double("4.9406564584124654e-324", &x));
  EXPECT_EQ(x, 5e-324);
}

TEST(ParseDouble, RejectsGarbage) {
  double x = 42.0;
  for (const char* bad : {"", "  ", "abc", "1.5x", "1,5", "1 2", "--1", "\n1", "0.5.1", "e5"}) {
    EXPECT_FALSE(parse_double(bad, &x)) << "'" << bad << "'";
  }
  EXPECT_EQ(x, 42.0);  // untouched on failure
}

std::vector<std::vector<std::string>> read_all(const std::string& text, std::vector<long>* lines = nullptr) {
  std::istringstream in(text);
  CsvReader r(in);
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> f;
  while (r.next(f)) {
    rows.push_back(f);
    if (lines) lines->push_back(r.record_line());
  }
  return rows;
}

using Rows = std::vector<std::vector<std::string>>;

TEST(CsvReader, PlainAndEmptyFields) {
  EXPECT_EQ(read_all("a,b,c\n1,,3\n,\n"), (Rows{{"a", "b", "c"}, {"1", "", "3"}, {"", ""}}));
  EXPECT_EQ(read_all("x\n"), (Rows{{"x"}}));
  EXPECT_EQ(read_all("no final newline,2"), (Rows{{"no final newline", "2"}}));
  EXPECT_EQ(read_all(""), Rows{});
}

TEST(CsvReader, QuotedFieldsWithCommasQuotesAndLineBreaks) {
  std::vector<long> lines;
  const Rows rows =
      read_all("id,note\n1,\"a, b\"\n2,\"say \"\"hi\"\"\"\n3,\"two\nlines\"\n4,\"\"\n5,x\n", &lines);
  EXPECT_EQ(
      rows,
      (Rows{{"id", "note"}, {"1", "a, b"}, {"2", "say \"hi\""}, {"3", "two\nlines"}, {"4", ""}, {"5", "x"}}));
  EXPECT_EQ(lines, (std::vector<long>{1, 2, 3, 4, 6, 7}));  // the record after the 2-line field starts on 6
}

TEST(CsvReader, CrlfBlankLinesAndBom) {
  std::vector<long> lines;
  const Rows rows = read_all(
      "\xEF\xBB\xBF"
      "a,b\r\n\r\n1,2\r\n   \r\n\"x\r\ny\",3\r\n\n",
      &lines);
  EXPECT_EQ(rows, (Rows{{"a", "b"}, {"1", "2"}, {"x\ny", "3"}}));
  EXPECT_EQ(lines, (std::vector<long>{1, 3, 5}));
}

TEST(CsvReader, LiteralQuoteInsideUnquotedField) { EXPECT_EQ(read_all("5\"3,x\n"), (Rows{{"5\"3", "x"}})); }

TEST(CsvReader, ErrorsNameTheLine) {
  try {
    read_all("a,b\n1,2\n3,\"open\n4,5\n");
    FAIL() << "no error for an unclosed quote";
  } catch (const CsvError& e) {
    EXPECT_EQ(e.line(), 3);
    EXPECT_NE(std::string(e.what()).find("line 3: quoted field 2 is not closed"), std::string::npos)
        << e.what();
  }
  try {
    read_all("a,b\n\"x\"y,2\n");
    FAIL() << "no error for text after a closing quote";
  } catch (const CsvError& e) {
    EXPECT_EQ(e.line(), 2);
    EXPECT_NE(std::string(e.what()).find("after the closing quote of field 1"), std::string::npos)
        << e.what();
  }
}

TEST(CsvReader, UnclosedQuoteIsBoundedInMemory) {
  std::istringstream in("\"" + std::string(5000, 'x') + "\n" + std::string(5000, 'y') + "\n");
  CsvReader r(in, 4096);
  std::vector<std::string> f;
  EXPECT_THROW(r.next(f), CsvError);
}

TEST(CsvWriter, QuotesOnlyWhenNeeded) {
  std::ostringstream out;
  {
    CsvWriter w(out);
    w.record({"plain", "a,b", "say \"hi\"", "two\nlines", "cr\r", "", " spaced "});
    w.field("x");
    w.number(0.1);
    w.number(-0.0);
    w.empty_field();
    w.end_record();
    EXPECT_TRUE(w.finish());
  }
  EXPECT_EQ(out.str(),
            "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\r\",, spaced \n"
            "x,0.10000000000000001,-0,\n");
}

TEST(CsvWriter, WriterAndReaderRoundTrip) {
  const Rows rows = {{"id", "text", "x"}, {"1", "a,\"b\"\r\nc", "0.33333333333333331"}, {"", ",", "\""}};
  std::ostringstream out;
  {
    CsvWriter w(out, 8);  // tiny buffer: exercises the flushes
    for (const auto& r : rows) w.record(r);
  }  // the destructor flushes
  // A lone "\r\n" inside a quoted field reads back as "\n" (line breaks are normalised).
  Rows expected = rows;
  expected[1][1] = "a,\"b\"\nc";
  EXPECT_EQ(read_all(out.str()), expected);
}

TEST(JsonWriter, NestedObjectsArraysAndEscapes) {
  std::ostringstream out;
  JsonWriter j(out, 0);
  j.begin_object();
  j.key("s").string("q\"b\\n\n\t\x01");
  j.key("x").number(0.1).key("i").integer(-3).key("t").boolean(true).key("z").null();
  j.key("bad").number(std::numeric_limits<double>::quiet_NaN());
  j.key("a").numbers({1.0, -0.0, 1e-300});
  j.key("o").begin_object().key("k").begin_array().begin_object().end_object().end_array().end_object();
  j.end_object();
  EXPECT_TRUE(j.complete());
  EXPECT_EQ(out.str(),
            "{\"s\":\"q\\\"b\\\\n\\n\\t\\u0001\",\"x\":0.10000000000000001,\"i\":-3,\"t\":true,\"z\":null,"
            "\"bad\":null,\"a\":[1,-0,1e-300],\"o\":{\"k\":[{}]}}");
}

TEST(JsonWriter, PrettyOutputParsesBack) {
  std::ostringstream out;
  JsonWriter j(out);
  j.begin_object().key("name").string("a\"b").key("v").numbers({0.1, 2.5});
  j.key("nested").begin_object().key("list").begin_array().begin_array().number(1).end_array().end_array();
  j.end_object().end_object();
  const auto v = testing::JsonParser::parse(out.str());
  EXPECT_EQ(v.at("name").string(), "a\"b");
  EXPECT_EQ(v.at("v").arr.at(0).number(), 0.1);
  EXPECT_EQ(v.at("v").arr.at(1).number(), 2.5);
  EXPECT_EQ(v.at("nested").at("list").arr.at(0).arr.at(0).number(), 1.0);
  EXPECT_EQ(out.str().back(), '\n');
}

TEST(JsonWriter, RawInsertsASerializedValue) {
  std::ostringstream inner;
  JsonWriter(inner).begin_object().key("k").number(0.5).end_object();  // pretty, with a final newline
  std::ostringstream out;
  JsonWriter j(out, 0);
  j.begin_object().key("nested").raw(inner.str()).key("after").integer(1).end_object();
  EXPECT_EQ(out.str(), "{\"nested\":{\n  \"k\": 0.5\n},\"after\":1}");
  EXPECT_EQ(testing::JsonParser::parse(out.str()).at("nested").at("k").number(), 0.5);
  std::ostringstream bad;
  JsonWriter b(bad);
  b.begin_array();
  EXPECT_THROW(b.raw("  "), std::logic_error);
}

TEST(JsonWriter, MisuseThrows) {
  std::ostringstream out;
  JsonWriter j(out);
  j.begin_object();
  EXPECT_THROW(j.number(1.0), std::logic_error);  // no key
  EXPECT_THROW(j.end_array(), std::logic_error);
  j.key("a");
  EXPECT_THROW(j.key("b"), std::logic_error);
}

}  // namespace
}  // namespace collsweep::io
