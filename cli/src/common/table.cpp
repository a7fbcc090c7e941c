#include "common/table.hpp"

#include <algorithm>
#include <cstddef>
#include <utility>

#include "sepax/core/numeric/assert.hpp"

namespace sepax::cli {

Table::Table(std::vector<Column> columns) : columns_(std::move(columns)) {}

void Table::add_row(std::vector<std::string> cells) {
  SEPAX_ASSERT(cells.size() == columns_.size(), "one cell per column");
  rows_.push_back(std::move(cells));
}

std::string Table::to_text(const std::string& indent) const {
  std::vector<std::size_t> widths;
  for (const Column& c : columns_) widths.push_back(c.header.size());
  for (const auto& row : rows_)
    for (std::size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], row[i].size());

  std::string text;
  auto append_line = [&](auto cell_of) {
    std::string line = indent;
    for (std::size_t i = 0; i < columns_.size(); ++i) {
      const std::string& cell = cell_of(i);
      const std::string padding(widths[i] - cell.size(), ' ');
      if (i > 0) line += "  ";
      line += columns_[i].align == Align::right ? padding + cell : cell + padding;
    }
    line.erase(line.find_last_not_of(' ') + 1);
    text += line + '\n';
  };
  append_line([&](std::size_t i) -> const std::string& { return columns_[i].header; });
  for (const auto& row : rows_) append_line([&](std::size_t i) -> const std::string& { return row[i]; });
  return text;
}

std::string Table::to_markdown() const {
  std::string text = "|";
  for (const Column& c : columns_) text += " " + c.header + " |";
  text += "\n|";
  for (const Column& c : columns_) text += c.align == Align::right ? "---:|" : "---|";
  text += '\n';
  for (const auto& row : rows_) {
    text += "|";
    for (const std::string& cell : row) text += " " + cell + " |";
    text += '\n';
  }
  return text;
}

}  // namespace sepax::cli
