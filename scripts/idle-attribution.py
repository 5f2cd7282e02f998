#!/usr/bin/env python3
"""Which modules and sections the resident pages of a running widgetdash belong to.

    scripts/idle-attribution.py PID [--symbols N]

Reads /proc/PID/pagemap for the pages of the program's own file that are resident, maps each
to the ELF section and the symbols it holds (`nm -nS` of /proc/PID/exe), and prints KB by
mapping, by section, by module (from the mangled Swift name, or by prefix for C and C++: ICU,
CoreFoundation, the Swift runtime, libdispatch) and by section and module, then the resident
entries of ICU's data package. A page is split between the symbols on it by their bytes, so a
module's figure counts the neighbours that share its pages too: it says where the pages are,
not which functions ran (callgrind says that). Run it as root or as the program's owner, on an
idle dashboard started from a cold page cache (see "Idle memory is compared from a cold page
cache" and "What the idle dashboard touches" in docs/DECISIONS.md).
"""
import bisect
import collections
import re
import struct
import subprocess
import sys

SWIFT_MODULES = {
    'DashCore', 'DashCatalog', 'DashSystem', 'DashTerminal', 'DashApp', 'DashImages', 'WidgetDash', 'widgetdash',
    'GRDB', 'ArgumentParser', 'ArgumentParserToolInfo', '_HeapModule', 'HeapModule', 'DequeModule',
    'InternalCollectionsUtilities', 'FoundationEssentials', 'FoundationInternationalization', '_FoundationCollections',
    'Foundation', 'Dispatch', 'Synchronization', '_RegexParser', '_StringProcessing', 'Observation', 'Glibc', 'SwiftGlibc',
    '_Concurrency', '_FoundationICU',
}
RENAMED = {'widgetdash': 'DashApp', '_HeapModule': 'collections', 'HeapModule': 'collections', 'DequeModule': 'collections',
           'InternalCollectionsUtilities': 'collections', 'ArgumentParserToolInfo': 'ArgumentParser'}
ICU_WORDS = ('UErrorCode', 'UResource', 'UHashtable', 'UConverter', 'UElement', 'UDataInfo', 'UCalendar', 'UDate',
             'ucase_', 'ubidi_', 'uprops', 'ucol', 'unorm', 'ulocimp', 'icu_7')
NAME = re.compile(r'(\d+)([A-Za-z_][A-Za-z0-9_]*)')


def module(name):
    """The module a symbol belongs to, as well as its name tells."""
    for prefix in ('$s', '_$s'):
        if name.startswith(prefix):
            for m in NAME.finditer(name[len(prefix):]):
                length, word = int(m.group(1)), m.group(2)[:int(m.group(1))]
                if len(word) == length and word in SWIFT_MODULES:
                    return RENAMED.get(word, word)
            return 'swift-concurrency' if name[len(prefix):].startswith('Sc') else 'stdlib'
    if any(w in name for w in ICU_WORDS) or name.startswith('icudt') or re.search(r'_7\d(\.|$)', name):
        return 'ICU'
    if name.startswith('swift_u') and not name.startswith(('swift_unowned', 'swift_unknown', 'swift_updateClass')):
        return 'ICU'
    if name.startswith(('swift_task', 'swift_job', 'swift_continuation', 'swift_async')):
        return 'swift-concurrency'
    if name.startswith(('swift_', '_swift', '_ZN5swift', '_ZN7__swift', '__swift')) or 'swift' in name[:30]:
        return 'swift-runtime'
    if name.startswith(('CF', '_CF', '__CF', 'kCF', '___CF', '__kCF', '_kCF')):
        return 'CoreFoundation'
    if 'dispatch' in name or name.startswith(('_os_', 'os_', '_voucher', 'voucher', '_firehose')):
        return 'libdispatch'
    return 'C++ other' if name.startswith('_Z') else 'C other'


def readelf(flag, path):
    return subprocess.run(['readelf', flag, '-W', path], capture_output=True, text=True, check=True).stdout.splitlines()


def main():
    pid = sys.argv[1]
    top = int(sys.argv[3]) if len(sys.argv) > 3 and sys.argv[2] == '--symbols' else 0
    exe = f'/proc/{pid}/exe'
    segments = [(int(p[1], 16), int(p[2], 16), int(p[4], 16)) for p in (l.split() for l in readelf('-l', exe))
                if p and p[0] == 'LOAD']
    sections = []
    for line in readelf('-S', exe):
        m = re.match(r'\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)', line)
        if m and int(m.group(2), 16):
            sections.append((int(m.group(2), 16), int(m.group(3), 16), m.group(1)))
    sections.sort()
    section_starts = [s[0] for s in sections]
    symbols = []
    nm = subprocess.run(['nm', '-nS', '--defined-only', exe], capture_output=True, text=True, check=True).stdout
    for line in nm.splitlines():
        p = line.split()
        if len(p) == 4:
            symbols.append((int(p[0], 16), int(p[1], 16), p[3]))
        elif len(p) == 3 and p[1] in 'tTdDrRbB':
            symbols.append((int(p[0], 16), 0, p[2]))
    symbols.sort()
    starts = [s[0] for s in symbols]
    modules = {}

    def section_of(address):
        i = bisect.bisect_right(section_starts, address) - 1
        return sections[i][2] if i >= 0 and address < sections[i][0] + sections[i][1] else '?'

    target = subprocess.run(['readlink', '-f', exe], capture_output=True, text=True).stdout.strip()
    by_mapping, by_section, by_module, by_both, by_symbol = (collections.Counter() for _ in range(5))
    resident = []  # ELF addresses of resident pages
    with open(f'/proc/{pid}/pagemap', 'rb') as pagemap:
        for fields in (l.split() for l in open(f'/proc/{pid}/maps')):
            if len(fields) < 6 or fields[5] != target:
                continue
            low, high = (int(x, 16) for x in fields[0].split('-'))
            offset = int(fields[2], 16)
            for page in range(low, high, 4096):
                pagemap.seek(page // 4096 * 8)
                if not struct.unpack('Q', pagemap.read(8))[0] >> 63:
                    continue
                file_offset = page - low + offset
                elf = [v + file_offset - o for o, v, size in segments if o <= file_offset < o + max(size, 1)]
                if not elf:
                    continue
                address, section = elf[0], section_of(elf[0])
                resident.append(address)
                by_mapping[fields[1]] += 4
                by_section[section] += 4
                i = bisect.bisect_right(starts, address) - 1
                position, end = address, address + 4096
                while position < end:
                    following = starts[i + 1] if i + 1 < len(starts) else end
                    stop = min(following, end)
                    if i >= 0 and stop > position:
                        name = symbols[i][2]
                        owner = modules.get(name) or modules.setdefault(name, module(name))
                        kb = (stop - position) / 1024
                        by_module[owner] += kb
                        kind = section if section in ('.text', '.rodata', '.data', '.data.rel.ro') else 'other'
                        by_both[(kind, owner)] += kb
                        by_symbol[(section, name)] += kb
                    position = stop
                    i += 1
    print('resident KB of the program file by mapping:', dict(by_mapping))
    for title, counter, limit in (('section', by_section, 20), ('module', by_module, 30)):
        print(f'by {title} (KB):')
        for key, kb in counter.most_common(limit):
            print(f'  {kb:8.0f}  {key}')
    print('by section and module (KB):')
    for (section, owner), kb in by_both.most_common(40):
        print(f'  {kb:8.0f}  {section:12s} {owner}')
    if top:
        print('symbols by resident KB (a page split by bytes):')
        for (section, name), kb in by_symbol.most_common(top):
            print(f'  {kb:7.1f}  {section:12s} {name[:120]}')
    icu_data(exe, symbols, resident)


def icu_data(exe, symbols, resident):
    """Resident KB of each entry of ICU's data package (the icudtNN_dat symbol)."""
    blob = [(a, s) for a, s, n in symbols if re.fullmatch(r'icudt\d+_dat', n)]
    if not blob:
        return
    address, size = blob[0]
    segments = [(int(p[1], 16), int(p[2], 16), int(p[4], 16)) for p in (l.split() for l in readelf('-l', exe))
                if p and p[0] == 'LOAD']
    offset = [o + address - v for o, v, s in segments if v <= address < v + s][0]
    with open(exe, 'rb') as f:
        f.seek(offset)
        data = f.read(size)
    toc = struct.unpack_from('<H', data, 0)[0]
    entries = []
    for i in range(struct.unpack_from('<I', data, toc)[0]):
        name_at, data_at = struct.unpack_from('<II', data, toc + 4 + 8 * i)
        entries.append((toc + data_at, data[toc + name_at:data.index(b'\0', toc + name_at)].decode()))
    entries.sort()
    entry_starts = [e[0] for e in entries]
    per_entry = collections.Counter()
    for page in resident:
        for at in range(max(page - address, 0), min(page + 4096 - address, size), 256):
            i = bisect.bisect_right(entry_starts, at) - 1
            per_entry[entries[i][1] if i >= 0 else '(header and table of contents)'] += 0.25
    print(f'ICU data resident: {sum(per_entry.values()):.0f} KB; by entry:')
    for name, kb in per_entry.most_common(20):
        print(f'  {kb:7.1f}  {name}')


if __name__ == '__main__':
    main()
