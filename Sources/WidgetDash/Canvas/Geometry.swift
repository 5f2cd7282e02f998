/// A size in terminal cells: columns by rows.
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    public static let zero = CellSize(width: 0, height: 0)
    public var description: String { "\(width)×\(height)" }
}

/// A point on a canvas, in cells from the top-left corner.
public struct CellPoint: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A rectangle of cells.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public init(origin: CellPoint, size: CellSize) {
        self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
    }

    public var origin: CellPoint { CellPoint(x: x, y: y) }
    public var size: CellSize { CellSize(width: width, height: height) }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var description: String { "(\(x),\(y) \(width)×\(height))" }

    public func contains(_ p: CellPoint) -> Bool {
        p.x >= x && p.x < maxX && p.y >= y && p.y < maxY
    }

    /// The overlap of two rectangles; empty (at this origin) when they do not meet.
    public func intersection(_ other: CellRect) -> CellRect {
        let nx = Swift.max(x, other.x)
        let ny = Swift.max(y, other.y)
        let nmx = Swift.min(maxX, other.maxX)
        let nmy = Swift.min(maxY, other.maxY)
        if nmx <= nx || nmy <= ny { return CellRect(x: nx, y: ny, width: 0, height: 0) }
        return CellRect(x: nx, y: ny, width: nmx - nx, height: nmy - ny)
    }

    /// This rectangle shrunk by the given amounts on each side.
    public func inset(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) -> CellRect {
        CellRect(x: x + leading, y: y + top, width: width - leading - trailing, height: height - top - bottom)
    }

    public func inset(by n: Int) -> CellRect { inset(top: n, leading: n, bottom: n, trailing: n) }
}
