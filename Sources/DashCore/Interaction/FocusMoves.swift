import Foundation
import WidgetDash

/// The focus between the page's panels and their elements: its order from the frame drawn,
/// and the arrows' moves. Kept apart from the taps in DashboardInteraction.swift.
extension Dashboard {
    /// Sets the focus ring to the page's elements in reading order: each panel's elements, or
    /// the panel itself when it has none (so `r` still reaches it).
    func updateFocusOrder(panels: [(id: Int, rect: CellRect)]) {
        let sorted = panels.sorted { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
        interaction.panels = sorted
        var order: [Int] = []
        order.reserveCapacity(sorted.count)
        for panel in sorted {
            if let elements = interaction.elements[panel.id], !elements.isEmpty, !isLocked {
                for e in elements { order.append(FocusRing.elementID(instance: panel.id, element: e.id)) }
            } else {
                order.append(panel.id)
            }
        }
        let before = focus.focused
        focus.update(order: order)
        if focus.focused != before, let id = FocusRing.instance(of: before) {
            dirtyPanels.insert(id)
            // The memo drew the focus there: it no longer stands for the panel's state.
            forgetPanel(id)
        }
    }

    /// Moves the focus to the nearest element in the arrow's direction (cells are about twice
    /// as tall as wide, so a row counts as two columns).
    func moveFocus(_ key: Key) {
        let items = focusRects()
        guard !items.isEmpty else { return }
        guard let current = focus.focused, let from = items.first(where: { $0.id == current })?.rect else {
            if let first = focus.order.first { focus.focus(first) }
            invalidateAll()
            return
        }
        func center(_ r: CellRect) -> (x: Double, y: Double) { (Double(r.x) + Double(r.width) / 2, (Double(r.y) + Double(r.height) / 2) * 2) }
        let c = center(from)
        var best: (id: Int, cost: Double)?
        for item in items where item.id != current {
            let p = center(item.rect)
            let dx = p.x - c.x, dy = p.y - c.y
            let (along, across): (Double, Double)
            switch key {
            case .right: (along, across) = (dx, abs(dy))
            case .left: (along, across) = (-dx, abs(dy))
            case .down: (along, across) = (dy, abs(dx))
            default: (along, across) = (-dy, abs(dx))
            }
            guard along > 0.5 else { continue }
            let cost = along + 2 * across
            if best.map({ cost < $0.cost }) ?? true { best = (item.id, cost) }
        }
        if let best {
            focus.focus(best.id)
            invalidateAll()
        }
    }

    /// Every focusable thing on the page with its rectangle on screen.
    private func focusRects() -> [(id: Int, rect: CellRect)] {
        var result: [(id: Int, rect: CellRect)] = []
        for panel in interaction.panels {
            if let elements = interaction.elements[panel.id], !elements.isEmpty {
                for e in elements {
                    result.append((FocusRing.elementID(instance: panel.id, element: e.id), e.moved(by: panel.rect.origin).rect))
                }
            } else {
                result.append((panel.id, panel.rect))
            }
        }
        return result.filter { focus.order.contains($0.id) }
    }
}
