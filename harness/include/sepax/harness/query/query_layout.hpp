#pragma once
/// \file
/// How the cases and answers of every judged query look as plain
/// arrays: the one layout shared by `sepax generate`'s structure-of-arrays
/// files, the answers a program computed elsewhere (a GPU, a notebook) hands
/// back to `sepax check`, and the Python module's numpy arrays.
///
/// A case is its input fields in order, an answer its answer fields; each
/// field is `width` values of one type per case. Values of type `scalar` are
/// the case's scalar (float or double: every case of a file has one).
///
/// | shape    | width | values                                              |
/// |----------|-------|-----------------------------------------------------|
/// | box      | 15    | center xyz, axis0 xyz, axis1 xyz, axis2 xyz, extents |
/// | triangle | 9     | v0 xyz, v1 xyz, v2 xyz                              |
/// | rect     | 8     | center xy, axis0 xy, axis1 xy, extents e0 e1        |
/// | sphere   | 4     | center xyz, radius                                  |
/// | aabb     | 6     | min xyz, max xyz                                    |
/// | plane    | 4     | normal xyz, offset (the points x with n·x = offset) |
/// | segment  | 6     | p0 xyz, p1 xyz                                      |
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/harness/query/query_answer.hpp"

namespace sepax::harness {

/// The type of a field's values: the case's scalar, a byte (0/1 flags), a
/// 32-bit signed integer (states, counts, enumerations).
enum class FieldType : std::uint8_t { scalar, u8, i32 };

const char* to_string(FieldType t);

struct Field {
  std::string name;
  std::uint32_t width = 1;  ///< values per case
  FieldType type = FieldType::scalar;
  std::string meaning;      ///< one line for the documentation and the file's header
};

/// What a kernel's answer is, and so its fields.
enum class AnswerForm : std::uint8_t {
  meets,           ///< meets (u8)
  sweep,           ///< state (i32: ContactState), time (scalar; first contact only)
  first_contact,   ///< state, time, point (3): the SAT queries' find_first_contact
  manifold,        ///< contact (u8), normal (3), depth, count (i32), points (8 x 3)
  enclosure,       ///< aabb (6)
  general_motion,  ///< state, step (i32), step_begin, time, point (3), has_point, frozen_at_end (u8)
  distance,        ///< distance (signed), normal (3), point_a (3), point_b (3)
};

struct QueryLayout {
  std::string query, mode;
  std::vector<Field> inputs;
  AnswerForm answer_form = AnswerForm::meets;
  std::vector<Field> answers;

  /// Values of one case (every input field's width, summed).
  std::size_t input_width() const;
  std::size_t answer_width() const;
};

/// The layout of a query × mode ("obb_obb", "find_first_contact"); throws
/// std::invalid_argument naming them when there is none.
const QueryLayout& query_layout(std::string_view query, std::string_view mode);

/// Every layout, in judged_query_names() order.
const std::vector<QueryLayout>& query_layouts();

/// An answer as its fields' values (answer_width() values), and back. The
/// reading throws std::invalid_argument naming the field and value that is
/// not one (a state out of range, a count above kManifoldPoints, NaN).
std::vector<double> flatten_answer(AnswerForm form, const QueryAnswer& a);
QueryAnswer unflatten_answer(AnswerForm form, std::span<const double> values);

}  // namespace sepax::harness
