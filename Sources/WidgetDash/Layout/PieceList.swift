/// The pieces of a text (or of its node), in order: one piece held as itself, several in an
/// array.
///
/// Almost every text is one piece. Held in an array, it cost an allocation when the text was
/// made, another when a text modifier (`bold()`, `foregroundStyle(_:)`) changed its copy, and a
/// third for the node's resolved pieces: about a thousand arrays a frame.
struct PieceList<Element>: RandomAccessCollection, MutableCollection, ExpressibleByArrayLiteral {
    fileprivate enum Storage {
        case none
        case one(Element)
        case many([Element])
    }

    private var storage: Storage

    /// One piece.
    init(_ element: Element) { storage = .one(element) }

    /// The pieces of `elements`, in order.
    init(_ elements: [Element]) {
        switch elements.count {
        case 0: storage = .none
        case 1: storage = .one(elements[0])
        default: storage = .many(elements)
        }
    }

    init(arrayLiteral elements: Element...) { self.init(elements) }

    var startIndex: Int { 0 }

    var endIndex: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .many(let elements): elements.count
        }
    }

    subscript(position: Int) -> Element {
        get {
            switch storage {
            case .one(let element) where position == 0: return element
            case .many(let elements): return elements[position]
            default: preconditionFailure("PieceList index \(position) out of range")
            }
        }
        set {
            switch storage {
            case .one where position == 0:
                storage = .one(newValue)
            case .many(var elements):
                // Emptied first, so that the array is uniquely referenced and changes in place.
                storage = .none
                elements[position] = newValue
                storage = .many(elements)
            default:
                preconditionFailure("PieceList index \(position) out of range")
            }
        }
    }

    /// The pieces of `lhs`, then those of `rhs`.
    static func + (lhs: PieceList, rhs: PieceList) -> PieceList { PieceList(Array(lhs) + Array(rhs)) }

    /// Each piece changed by `transform`, in the same storage shape (one piece makes no array).
    func mapPieces<T>(_ transform: (Element) -> T) -> PieceList<T> {
        switch storage {
        case .none: PieceList<T>([])
        case .one(let element): PieceList<T>(transform(element))
        case .many(let elements): PieceList<T>(elements.map(transform))
        }
    }
}

extension PieceList: Sendable where Element: Sendable {}
extension PieceList.Storage: Sendable where Element: Sendable {}
