/// The layout nodes a view resolved to, in order: one node held as itself, several in an array.
///
/// Almost every view resolves to exactly one node, and each level of a view tree (a modifier,
/// a stack, a text) handed its node up in a one-element array: about two thousand arrays a
/// frame, each allocated, filled once and freed. A list of one is now a plain reference.
struct NodeList {
    private enum Storage {
        case none
        case one(LayoutNode)
        case many([LayoutNode])
    }

    private var storage: Storage

    /// No nodes.
    init() { storage = .none }

    /// One node.
    init(_ node: LayoutNode) { storage = .one(node) }

    /// No nodes yet, with room for `capacity` (a container that knows how many views it holds
    /// grows its array once).
    init(capacity: Int) {
        if capacity > 1 {
            var nodes: [LayoutNode] = []
            nodes.reserveCapacity(capacity)
            storage = .many(nodes)
        } else {
            storage = .none
        }
    }

    var count: Int {
        switch storage {
        case .none: 0
        case .one: 1
        case .many(let nodes): nodes.count
        }
    }

    var isEmpty: Bool { count == 0 }

    /// Adds the nodes of `other` after these.
    mutating func append(contentsOf other: NodeList) {
        switch storage {
        case .none:
            storage = other.storage
        case .one(let first):
            switch other.storage {
            case .none: return
            case .one(let node): storage = .many([first, node])
            case .many(let nodes): storage = .many([first] + nodes)
            }
        case .many(var nodes):
            // Emptied first, so that the array is uniquely referenced and grows in place.
            storage = .none
            switch other.storage {
            case .none: break
            case .one(let node): nodes.append(node)
            case .many(let more): nodes.append(contentsOf: more)
            }
            storage = .many(nodes)
        }
    }

    /// The nodes as an array, in order (a stack's children).
    var array: [LayoutNode] {
        switch storage {
        case .none: []
        case .one(let node): [node]
        case .many(let nodes): nodes
        }
    }

    /// Exactly one node: several become a column, as SwiftUI does for a group of views where
    /// one is expected; none becomes an empty node.
    var single: LayoutNode {
        switch storage {
        case .none: return EmptyNode()
        case .one(let node): return node
        case .many(let nodes):
            if nodes.count == 1 { return nodes[0] }
            if nodes.isEmpty { return EmptyNode() }
            return StackNode(axis: .vertical, alignment: .center, spacing: 0, children: nodes)
        }
    }
}
