/// Renders rows as a Markdown table with padded columns, for pasting into notes.
struct TablePrinter {
    var header: [String]
    var rows: [[String]]

    var rendered: String {
        let all = [header] + rows
        let widths = header.indices.map { column in
            all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            let padded = widths.indices.map { column -> String in
                let cell = cells.indices.contains(column) ? cells[column] : ""
                return cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}
