import Foundation

/// One entry of Linux's `/sys/class/power_supply`: a battery, the mains adapter, a USB port.
///
/// Built from the text of the directory's attribute files by a pure function
/// (``PowerSupply/parse(name:files:)``), so fixtures are dictionaries or directories and a
/// strange kernel shows as a missing value, never a crash. Units are the kernel's: µWh, µW,
/// µAh, µA, µV and seconds.
public struct PowerSupply: Hashable, Sendable {
    /// The `status` file of a battery.
    public enum Status: String, Hashable, Sendable {
        case charging = "Charging"
        case discharging = "Discharging"
        case full = "Full"
        case notCharging = "Not charging"
        case unknown = "Unknown"
    }

    /// The directory name: `BAT0`, `AC`, `ucsi-source-psy-USBC000:001`.
    public var name: String
    /// `Battery`, `Mains`, `USB`, `UPS`, `Wireless`… as the kernel spells it.
    public var type: String
    /// `online` of a mains or USB supply; nil when the file is missing or not 0/1.
    public var online: Bool?
    /// `present`: false for an empty battery bay; nil when not reported (then it is present).
    public var present: Bool?
    /// `scope`: `Device` for the battery of a mouse or headset, which does not power this machine.
    public var scope: String?
    /// `capacity`, 0–100.
    public var capacity: Int?
    public var status: Status?
    public var energyNow: Double?
    public var energyFull: Double?
    public var energyFullDesign: Double?
    public var powerNow: Double?
    public var chargeNow: Double?
    public var chargeFull: Double?
    public var chargeFullDesign: Double?
    public var currentNow: Double?
    public var voltageNow: Double?
    public var timeToEmpty: TimeInterval?
    public var timeToFull: TimeInterval?
    public var cycleCount: Int?
    public var model: String?
    public var manufacturer: String?
    public var technology: String?
    /// Files that were there but did not hold what they should: `capacity: "abc" is not a number`.
    public var problems: [String] = []

    public init(name: String, type: String) {
        self.name = name
        self.type = type
    }

    /// The attribute files read for each supply (others are never opened).
    public static let attributeFiles = [
        "type", "online", "present", "scope", "capacity", "status",
        "energy_now", "energy_full", "energy_full_design", "power_now",
        "charge_now", "charge_full", "charge_full_design", "current_now", "voltage_now",
        "time_to_empty_now", "time_to_full_now", "cycle_count", "model_name", "manufacturer", "technology",
    ]

    /// A supply from its attribute files (name → text); missing files are simply absent.
    ///
    /// Values that are not what the kernel documents (a capacity of "abc", a negative energy)
    /// are dropped and noted in `problems`; a capacity above 100 (some firmware reports 101)
    /// is read as 100.
    public static func parse(name: String, files: [String: String]) -> PowerSupply {
        func text(_ key: String) -> String? {
            guard let raw = files[key] else { return nil }
            let t = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            return t.isEmpty ? nil : t
        }
        var supply = PowerSupply(name: name, type: text("type") ?? "Unknown")
        func number(_ key: String, allowNegative: Bool = false) -> Double? {
            guard let t = text(key) else { return nil }
            guard let v = Double(t), v.isFinite, t.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "." }) else {
                supply.problems.append("\(key): \"\(Self.short(t))\" is not a number")
                return nil
            }
            guard allowNegative || v >= 0 else {
                supply.problems.append("\(key): \(t) is negative")
                return nil
            }
            return v
        }
        func flag(_ key: String) -> Bool? {
            switch text(key) {
            case nil: return nil
            case "0": return false
            case "1", "2": return true       // USB-C `online` may be 2 (programmable supply)
            case let t?:
                supply.problems.append("\(key): \"\(Self.short(t))\" is not 0 or 1")
                return nil
            }
        }
        supply.online = flag("online")
        supply.present = flag("present")
        supply.scope = text("scope")
        if let c = number("capacity") { supply.capacity = Int(min(100, c).rounded()) }
        if let s = text("status") {
            if let status = Status(rawValue: s) { supply.status = status } else {
                supply.status = .unknown
                supply.problems.append("status: \"\(Self.short(s))\" is not a known status")
            }
        }
        supply.energyNow = number("energy_now")
        supply.energyFull = number("energy_full")
        supply.energyFullDesign = number("energy_full_design")
        // Some drivers report the flow out of the battery as a negative power or current.
        supply.powerNow = number("power_now", allowNegative: true).map(abs)
        supply.chargeNow = number("charge_now")
        supply.chargeFull = number("charge_full")
        supply.chargeFullDesign = number("charge_full_design")
        supply.currentNow = number("current_now", allowNegative: true).map(abs)
        supply.voltageNow = number("voltage_now")
        supply.timeToEmpty = number("time_to_empty_now")
        supply.timeToFull = number("time_to_full_now")
        supply.cycleCount = number("cycle_count").map { Int($0) }
        supply.model = text("model_name").map(Self.label)
        supply.manufacturer = text("manufacturer").map(Self.label)
        supply.technology = text("technology").map(Self.label)
        return supply
    }

    /// True for a battery that powers this machine: type `Battery`, present, not a device's.
    public var isSystemBattery: Bool {
        type == "Battery" && present != false && scope != "Device"
    }

    /// True for an external source (mains, USB, wireless charger…).
    public var isExternalSource: Bool { type != "Battery" && online != nil }

    /// The charge level from 0 to 1: `capacity`, else energy or charge now over full.
    public var level: Double? {
        if let capacity { return Double(max(0, capacity)) / 100 }
        if let now = energyNow, let full = energyFull, full > 0 { return min(1, now / full) }
        if let now = chargeNow, let full = chargeFull, full > 0 { return min(1, now / full) }
        return nil
    }

    /// Stored and full energy in µWh, from `energy_*` or from `charge_*` × `voltage_now`.
    var energy: (now: Double, full: Double, design: Double?, power: Double?)? {
        if let now = energyNow, let full = energyFull, full > 0 {
            return (now, full, energyFullDesign, powerNow ?? voltageNow.flatMap { v in currentNow.map { $0 * v / 1e6 } })
        }
        if let now = chargeNow, let full = chargeFull, full > 0, let v = voltageNow, v > 0 {
            return (now * v / 1e6, full * v / 1e6, chargeFullDesign.map { $0 * v / 1e6 }, currentNow.map { $0 * v / 1e6 } ?? powerNow)
        }
        return nil
    }

    /// Full capacity over design capacity, 0 to 1 (a worn battery holds less than it did).
    public var health: Double? {
        if let full = energyFull, let design = energyFullDesign, design > 0 { return min(1, full / design) }
        if let full = chargeFull, let design = chargeFullDesign, design > 0 { return min(1, full / design) }
        return nil
    }

    private static func short(_ text: String) -> String {
        let clean = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }))
        return clean.count > 16 ? String(clean.prefix(15)) + "…" : clean
    }

    /// A model or maker name as one clean line.
    private static func label(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })).trimmingCharacters(in: .whitespaces)
    }
}

/// Every power supply of the machine at one moment, and the batteries combined.
public struct PowerReading: Hashable, Sendable {
    /// Batteries that power this machine, in name order.
    public var batteries: [PowerSupply]
    /// True when a mains, USB or other external supply is online; false when all are offline;
    /// nil when the kernel lists none (desktops and virtual machines often do not).
    public var externalPower: Bool?
    /// What could not be read, with the supply's name: `BAT0: capacity: "abc" is not a number`.
    public var problems: [String]

    public init(batteries: [PowerSupply], externalPower: Bool?, problems: [String] = []) {
        self.batteries = batteries
        self.externalPower = externalPower
        self.problems = problems
    }

    /// The reading from every supply: batteries kept, external sources summed up.
    public init(supplies: [PowerSupply]) {
        let sorted = supplies.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
        batteries = sorted.filter(\.isSystemBattery)
        let sources = sorted.filter(\.isExternalSource)
        externalPower = sources.isEmpty ? nil : sources.contains { $0.online == true }
        problems = sorted.filter { $0.isSystemBattery || $0.isExternalSource }.flatMap { s in s.problems.map { "\(s.name): \($0)" } }
    }

    /// The batteries that say how full they are.
    var measured: [PowerSupply] { batteries.filter { $0.level != nil } }

    /// The batteries together, from 0 to 1: each battery's level weighted by the energy it
    /// holds when full, when every battery gives it (a small and a large battery count for
    /// what they hold), else the mean level.
    public var level: Double? {
        let parts = measured
        guard !parts.isEmpty else { return nil }
        let fulls = parts.compactMap { $0.energy?.full }
        let levels = parts.compactMap(\.level)
        if fulls.count == parts.count {
            let total = fulls.reduce(0, +)
            if total > 0 { return min(1, zip(levels, fulls).reduce(0) { $0 + $1.0 * $1.1 } / total) }
        }
        return levels.reduce(0, +) / Double(parts.count)
    }

    /// What the batteries are doing together: charging if any charges, discharging if any
    /// discharges (a laptop draws from one battery while the other waits), full when all are.
    public var status: PowerSupply.Status {
        let all = measured.map { $0.status ?? .unknown }
        if all.isEmpty { return .unknown }
        if all.contains(.charging) { return .charging }
        if all.contains(.discharging) { return .discharging }
        if all.allSatisfy({ $0 == .full }) { return .full }
        if all.allSatisfy({ $0 == .full || $0 == .notCharging }) { return .notCharging }
        // "Unknown" while on mains with a full battery is common; say what can be known.
        if externalPower == true, let level, level >= 0.995 { return .full }
        return .unknown
    }

    /// The power flowing in or out of the batteries together, in watts, when known.
    public var watts: Double? {
        let flows = measured.compactMap { $0.energy?.power }
        guard !flows.isEmpty else { return nil }
        return flows.reduce(0, +) / 1e6
    }

    /// Seconds until the batteries are empty, while discharging.
    ///
    /// A lone battery's own `time_to_empty_now` when the kernel gives one; else stored energy
    /// over power (or charge over current), summed over the batteries: two batteries emptied
    /// one after the other last as long as their energy over the one flow.
    public var timeToEmpty: TimeInterval? {
        guard status == .discharging else { return nil }
        return remaining(.discharging) { $0.timeToEmpty } energy: { $0.now / $0.power } charge: { $0.now / $0.current }
    }

    /// Seconds until the batteries are full, while charging (the same sources as ``timeToEmpty``).
    public var timeToFull: TimeInterval? {
        guard status == .charging else { return nil }
        return remaining(.charging) { $0.timeToFull } energy: { max(0, $0.full - $0.now) / $0.power } charge: { max(0, $0.full - $0.now) / $0.current }
    }

    private func remaining(
        _ direction: PowerSupply.Status,
        kernel: (PowerSupply) -> TimeInterval?,
        energy: ((now: Double, full: Double, power: Double)) -> Double,
        charge: ((now: Double, full: Double, current: Double)) -> Double
    ) -> TimeInterval? {
        let parts = measured
        if parts.count == 1, let t = parts.first.flatMap(kernel), t > 0 { return t }
        if let e = Self.sum(parts.map(\.energy)), e.power > 0 { return energy(e) * 3600 }
        if let c = Self.sumCharge(parts), c.current > 0 { return charge(c) * 3600 }
        // Batteries charge and drain one after the other, so their own times add up; one that is
        // not going that way (full while the other charges) adds nothing.
        let kernelTimes = parts.map { kernel($0) ?? ($0.status == direction ? nil : 0) }
        guard !parts.isEmpty, !kernelTimes.contains(nil) else { return nil }
        let total = kernelTimes.compactMap { $0 }.reduce(0, +)
        return total > 0 ? total : nil
    }

    /// The share of the full charge the batteries lose per second while discharging, or nil.
    public var dischargeRate: Double? {
        guard status == .discharging else { return nil }
        if let e = Self.sum(measured.map(\.energy)), e.full > 0, e.power > 0 { return e.power / 3600 / e.full }
        if let t = timeToEmpty, t > 0, let level, level > 0 { return level / t }
        return nil
    }

    private static func sum(_ parts: [(now: Double, full: Double, design: Double?, power: Double?)?]) -> (now: Double, full: Double, power: Double)? {
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        let values = parts.compactMap { $0 }
        return (values.reduce(0) { $0 + $1.now }, values.reduce(0) { $0 + $1.full }, values.reduce(0) { $0 + ($1.power ?? 0) })
    }

    private static func sumCharge(_ parts: [PowerSupply]) -> (now: Double, full: Double, current: Double)? {
        guard !parts.isEmpty else { return nil }
        var now = 0.0, full = 0.0, current = 0.0
        for p in parts {
            guard let n = p.chargeNow, let f = p.chargeFull else { return nil }
            now += n; full += f; current += p.currentNow ?? 0
        }
        return (now, full, current)
    }

    /// A laptop on battery at 72 %, about three hours left, for the gallery and placeholders.
    public static let sample: PowerReading = {
        var bat = PowerSupply(name: "BAT0", type: "Battery")
        bat.status = .discharging
        bat.capacity = 72
        bat.energyNow = 41_040_000
        bat.energyFull = 57_000_000
        bat.energyFullDesign = 62_000_000
        bat.powerNow = 12_960_000
        bat.cycleCount = 214
        bat.model = "5B10W13930"
        bat.manufacturer = "SMP"
        bat.technology = "Li-poly"
        return PowerReading(batteries: [bat], externalPower: false)
    }()
}

/// Reads `/sys/class/power_supply` (or a fixture directory laid out the same way).
public enum PowerSupplyReader {
    /// Why the directory could not be listed.
    public struct Failure: Error, Hashable, Sendable {
        public var message: String
    }

    /// Every supply under `root`, or why the directory cannot be read.
    ///
    /// Entries are symbolic links to device directories on a real system and plain
    /// directories in fixtures; both are followed. A supply whose files cannot be read shows
    /// as one with those values missing.
    public static func read(root: String, readFile: (String) -> String? = SystemProvider.readTextFile) -> Result<PowerReading, Failure> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            return .failure(Failure(message: "\(root) does not exist: no power supply information"))
        }
        guard isDirectory.boolValue else { return .failure(Failure(message: "\(root) is not a directory")) }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: root) } catch {
            return .failure(Failure(message: "\(root) cannot be listed (permissions?)"))
        }
        let supplies = names.filter { !$0.hasPrefix(".") }.prefix(64).map { name in
            var files: [String: String] = [:]
            for file in PowerSupply.attributeFiles {
                if let text = readFile(root + "/" + name + "/" + file) { files[file] = String(text.prefix(256)) }
            }
            return PowerSupply.parse(name: name, files: files)
        }
        return .success(PowerReading(supplies: Array(supplies)))
    }
}
