import WidgetDash

extension HomeLayout {
    /// Packs widgets given as pages (the config's `[[page]]`s): each group starts a page of
    /// its own and flows onto extra pages when the terminal is too small for it.
    ///
    /// `groups` holds the number of widgets in each page, in order; the indices in the result
    /// are into the flat `families` list. `pageGroup[p]` is the group displayed page `p` shows.
    public static func pack(_ families: [WidgetFamily], groups: [Int], in size: CellSize) -> (result: Result, pageGroup: [Int]) {
        var pages: [[Placement]] = []
        var pageGroup: [Int] = []
        var unplaced: [Int] = []
        var start = 0
        for (g, count) in groups.enumerated() {
            let end = min(families.count, start + max(0, count))
            let packed = pack(Array(families[start..<end]), in: size)
            for page in packed.pages {
                pages.append(page.map { Placement(index: $0.index + start, rect: $0.rect) })
                pageGroup.append(g)
            }
            unplaced += packed.unplaced.map { $0 + start }
            start = end
        }
        if start < families.count {
            // Widgets beyond the groups (none from a config) go on pages of their own.
            let packed = pack(Array(families[start...]), in: size)
            for page in packed.pages where !page.isEmpty {
                pages.append(page.map { Placement(index: $0.index + start, rect: $0.rect) })
                pageGroup.append(max(0, groups.count - 1))
            }
            unplaced += packed.unplaced.map { $0 + start }
        }
        // An empty configured page still shows (as an empty page), so page numbers match the file.
        if pages.isEmpty { return (Result(pages: [[]], unplaced: unplaced), [0]) }
        return (Result(pages: pages, unplaced: unplaced), pageGroup)
    }
}
