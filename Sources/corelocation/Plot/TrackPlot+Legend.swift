import Foundation

// The legend under the title: one boxed entry per kind of mark, laid out in rows from the entries' text widths.
extension TrackPlot {
    /// One legend entry: a marker drawn in a `size` × `size` square, and its text.
    private struct LegendEntry {
        let marker: (_ x: Double, _ y: Double) -> String
        let text: String
    }

    /// The legend, rows under the title, and the y of its lower edge.
    func legend() -> (svg: String, bottom: Double) {
        let accepted = acceptedCount
        var entries = [
            LegendEntry(
                marker: { "<circle cx=\"\(f($0))\" cy=\"\(f($1))\" r=\"4\" fill=\"#1f4e9c\"/>" },
                text: "accepted \(accepted)")
        ]
        if accepted < fixCount {
            entries.append(
                LegendEntry(
                    marker: { "<circle cx=\"\(f($0))\" cy=\"\(f($1))\" r=\"4\" fill=\"#d0453a\"/>" },
                    text: "filtered \(fixCount - accepted)"))
        }
        if ends != nil {
            entries.append(
                LegendEntry(
                    marker: { "<circle cx=\"\(f($0))\" cy=\"\(f($1))\" r=\"5\" fill=\"#2e9b47\"/>" }, text: "start"))
            entries.append(
                LegendEntry(
                    marker: {
                        "<rect x=\"\(f($0 - 5))\" y=\"\(f($1 - 5))\" width=\"10\" height=\"10\" fill=\"#222\"/>"
                    },
                    text: "end"))
        }
        if let farthest = farAway.values.max() {
            entries.append(
                LegendEntry(
                    marker: {
                        "<path d=\"M\(f($0)),\(f($1 - 5)) L\(f($0 + 5)),\(f($1)) L\(f($0)),\(f($1 + 5)) L\(f($0 - 5)),\(f($1)) Z\" "
                            + "fill=\"none\" stroke=\"#d0453a\" stroke-width=\"2\"/>"
                    },
                    text: "off scale, at the edge: "
                        + (offScaleCount == 1
                            ? "1 fix \(Self.distance(farthest)) away"
                            : "\(offScaleCount) fixes up to \(Self.distance(farthest)) away")))
        }
        let radii = points.filter { !isOffScale($0) }.map { (circleRadius($0), $0.weight) }.filter { $0.0 > 0 }
        if !radii.isEmpty {
            let median = Self.orderStatistic(radii, at: radii.reduce(0) { $0 + $1.1 } / 2)
            entries.append(
                LegendEntry(
                    marker: {
                        "<circle cx=\"\(f($0))\" cy=\"\(f($1))\" r=\"5\" fill=\"#3b7dd8\" fill-opacity=\"0.16\" "
                            + "stroke=\"#3b7dd8\" stroke-opacity=\"0.5\"/>"
                    }, text: "accuracy circle, median ±\(Self.accuracy(median))"))
        }
        var svg = "<g class=\"legend\" font-size=\"\(Int(fontSize))\">\n"
        let rowHeight = 22.0
        var x = margin
        var y = 56.0
        for entry in entries {
            let textLength = Self.textWidth(entry.text) * fontSize
            let boxWidth = 6 + 12 + 6 + textLength + 6
            if x > margin && x + boxWidth > width - margin {
                x = margin
                y += rowHeight + 4
            }
            svg += """
                <g class="legend-entry"><rect class="legend-box" x="\(f(x))" y="\(f(y))" width="\(f(boxWidth))" \
                height="\(f(rowHeight))" rx="3" fill="#fff" stroke="#d8d8d0"/>\(entry.marker(x + 12, y + rowHeight / 2))\
                <text x="\(f(x + 24))" y="\(f(y + 15.5))" textLength="\(f(textLength))" \
                lengthAdjust="spacing">\(escape(entry.text))</text></g>

                """
            x += boxWidth + 10
        }
        return (svg + "</g>\n", y + rowHeight)
    }

    /// The width of `text` in ems: the advance widths of DejaVu Sans, the widest of the usual `sans-serif` fonts
    /// (0.65 em for a character it does not list), so the text fits its box in any of them; `textLength` then
    /// pins it where the renderer honours it (browsers), by adjusting the spacing a little.
    static func textWidth(_ text: String) -> Double {
        text.reduce(0) { $0 + (advances[$1] ?? 0.65) }
    }

    private static let advances: [Character: Double] = {
        var widths: [Character: Double] = [" ": 0.318, ".": 0.318, ",": 0.318, ":": 0.337, "±": 0.838]
        for digit in "0123456789" { widths[digit] = 0.636 }
        let letters: [(Character, Double)] = [
            ("a", 0.613), ("b", 0.635), ("c", 0.550), ("d", 0.635), ("e", 0.615), ("f", 0.352), ("g", 0.635),
            ("h", 0.634), ("i", 0.278), ("j", 0.278), ("k", 0.579), ("l", 0.278), ("m", 0.974), ("n", 0.634),
            ("o", 0.612), ("p", 0.635), ("q", 0.635), ("r", 0.411), ("s", 0.521), ("t", 0.392), ("u", 0.634),
            ("v", 0.592), ("w", 0.818), ("x", 0.592), ("y", 0.592), ("z", 0.525),
        ]
        for (letter, width) in letters { widths[letter] = width }
        return widths
    }()

    /// An accuracy for the legend: `4.5 m` below 10 m, `120 m` above.
    private static func accuracy(_ metres: Double) -> String {
        "\(Numbers.fixed(metres, metres < 10 ? 1 : 0)) m"
    }
}
