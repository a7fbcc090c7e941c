#pragma once
/// \file A small text table, printed aligned for terminals or as Markdown for
/// summary.md, so both show the same rows.
#include <string>
#include <vector>

namespace sepax::cli {

class Table {
 public:
  enum class Align { left, right };

  struct Column {
    std::string header;
    Align align = Align::left;
  };

  explicit Table(std::vector<Column> columns);

  /// A row with one cell per column.
  void add_row(std::vector<std::string> cells);
  bool empty() const { return rows_.empty(); }

  /// Columns padded to their widest cell, two spaces apart, one line per row
  /// (header first), each line ending in '\n'; `indent` prefixes every line.
  std::string to_text(const std::string& indent = "") const;
  /// A GitHub-flavoured Markdown table.
  std::string to_markdown() const;

 private:
  std::vector<Column> columns_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace sepax::cli
