import BundleCheckFormats
import Foundation
import Testing

/// What the asset-catalogue writer's tests share: reading a written catalogue back through the
/// BOM reader, the real catalogues of the corpus, and an independent Python reading of both.
enum AssetCatalogTestSupport {
    /// The `Assets.car` of a corpus package (`shorebird/flutter-base.ipa`), or nil when the
    /// corpus is absent (and then a skip, or a failure under CI).
    static func realCatalogue(_ package: String) throws -> [UInt8]? {
        guard let path = RepositoryPaths.corpusOrSkip(package) else { return nil }
        let container = try PackageOpener.open(path: path)
        let car = try #require(container.files.first { $0.path.hasSuffix("/Assets.car") }, "\(package) holds an Assets.car")
        return try container.read(car.path, limit: 64 << 20)
    }

    static func littleEndian32(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> UInt32 {
        let start = bytes.startIndex + offset
        return UInt32(bytes[start]) | UInt32(bytes[start + 1]) << 8 | UInt32(bytes[start + 2]) << 16 | UInt32(bytes[start + 3]) << 24
    }

    static func littleEndian16(_ bytes: ArraySlice<UInt8>, _ offset: Int) -> UInt16 {
        let start = bytes.startIndex + offset
        return UInt16(bytes[start]) | UInt16(bytes[start + 1]) << 8
    }

    /// Each rendition of a store: its key (attribute id to value, by `KEYFORMAT`) and value.
    static func renditions(_ store: BOMStore) throws -> [(key: [UInt32: UInt16], keyBytes: [UInt8], value: [UInt8])] {
        let format = try store.variable("KEYFORMAT").bytes
        let count = Int(littleEndian32(format, 8))
        let attributes = (0..<count).map { littleEndian32(format, 12 + 4 * $0) }
        return try store.tree("RENDITIONS").pairs(in: store).map { pair in
            let key = Dictionary(uniqueKeysWithValues: attributes.enumerated().map { ($1, littleEndian16(pair.key.bytes, 2 * $0)) })
            return (key, Array(pair.key.bytes), Array(pair.value.bytes))
        }
    }

    /// The block table: (address, length) per block id, and the free list.
    static func blockTable(_ bytes: [UInt8]) throws -> (blocks: [(address: Int, length: Int)], free: [(address: Int, length: Int)]) {
        let store = try BOMStore(bytes: bytes)
        let table = BOMBlock(id: 0, bytes: bytes[store.header.indexRange])
        let count = Int(try table.uint32(at: 0))
        let blocks = try (0..<count).map { (Int(try table.uint32(at: 4 + 8 * $0)), Int(try table.uint32(at: 8 + 8 * $0))) }
        let freeCount = Int(try table.uint32(at: 4 + 8 * count))
        let free = try (0..<freeCount).map { (Int(try table.uint32(at: 8 + 8 * count + 8 * $0)), Int(try table.uint32(at: 12 + 8 * count + 8 * $0))) }
        return (blocks, free)
    }

    static func aligned(_ offset: Int) -> Int { (offset + 15) / 16 * 16 }

    static var pythonAvailable: Bool { PlistTestEnvironment.python3 != nil || PlistTestEnvironment.isCI }

    /// The Python reading (`pythonChecker`) of each file, as JSON objects.
    static func pythonReading(_ files: [[UInt8]]) throws -> [[String: Any]] {
        let python = try #require(PlistTestEnvironment.python3, "python3 is required when CI=true")
        let directory = try PlistTestEnvironment.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("carcheck.py")
        try Data(pythonChecker.utf8).write(to: script)
        var paths: [String] = []
        for (number, bytes) in files.enumerated() {
            let path = directory.appendingPathComponent("\(number).car")
            try Data(bytes).write(to: path)
            paths.append(path.path)
        }
        let run = try PlistTestEnvironment.run(python, [script.path] + paths)
        try #require(run.status == 0, "carcheck.py failed: \(run.errors)")
        return try #require(try JSONSerialization.jsonObject(with: run.output) as? [[String: Any]])
    }

    /// A reading of `Assets.car` files written for these tests alone, in Python, from the
    /// format as the real catalogues have it (not from the Swift writer): the BOM header, the
    /// block table and free list, the variables; each tree walked down its first children and
    /// along its leaves, its inline keys compared with its key blocks; `CARHEADER`,
    /// `EXTENDED_METADATA`, `KEYFORMAT`, the facets, appearances and bitmaps; each rendition's
    /// key, CSI header, TLVs, size list, internal link (resolved to its atlas, its rectangle
    /// from the bottom) and `CELM` payload, its `KCBC` chunks decoded with the reference LZFSE
    /// decoder (`import lzfse`) when it is installed, zlib otherwise only, and the decoded
    /// pixels' CRC-32 and alpha range within the image's width. Prints one JSON object per file.
    static let pythonChecker = #"""
        import json, struct, sys, zlib
        try:
            import lzfse
        except ImportError:
            lzfse = None

        def be(fmt, b, o): return struct.unpack_from('>' + fmt, b, o)
        def le(fmt, b, o): return struct.unpack_from('<' + fmt, b, o)

        def read(path):
            b = open(path, 'rb').read()
            assert b[:8] == b'BOMStore', 'magic'
            version, nonnull, io, il, vo, vl = be('6I', b, 8)
            count = be('I', b, io)[0]
            table = [be('2I', b, io + 4 + 8 * i) for i in range(count)]
            fo = io + 4 + 8 * count
            free = [be('2I', b, fo + 4 + 8 * i) for i in range(be('I', b, fo)[0])]
            n = be('I', b, vo)[0]; o = vo + 4; variables = []
            for _ in range(n):
                bid, ln = be('IB', b, o); variables.append((b[o + 5:o + 5 + ln].decode(), bid)); o += 5 + ln
            return b, dict(index=io, indexLength=il, variablesOffset=vo, tableCount=count, nonNull=nonnull, free=free), table, variables

        def run(path):
            b, info, table, variables = read(path)
            def block(i):
                a, l = table[i]; assert a + l <= len(b), 'block %d past the end' % i
                return b[a:a + l]
            var = dict(variables)
            def tree(name):
                h = block(var[name]); assert h[:4] == b'tree'
                root, bs, declared = be('3I', h, 8); flag = h[20]; keylen = be('I', h, 21)[0] if len(h) >= 29 else None
                node = root; seen = {root}
                while True:
                    nb = block(node); leaf, cnt = be('2H', nb, 0)
                    if leaf: break
                    node = be('I', nb, 12)[0]; assert node not in seen, 'cycle'; seen.add(node)
                entries = []; inline_ok = True
                while True:
                    nb = block(node); leaf, cnt, fw, bw = be('2H2I', nb, 0)
                    for i in range(cnt):
                        v, k = be('2I', nb, 12 + 8 * i); entries.append((v, k))
                        if keylen not in (None, 0, 0xFFFFFFFF) and flag == 0:
                            start = 12 + 8 * cnt + 4 + keylen * i
                            inline_ok &= nb[start:start + keylen] == block(k)
                    if keylen not in (None, 0, 0xFFFFFFFF) and flag == 0:
                        inline_ok &= len(nb) == bs + cnt * keylen
                    if fw == 0: break
                    assert fw not in seen, 'cycle'; seen.add(fw); node = fw
                return dict(root=root, blockSize=bs, declared=declared, flag=flag, keyLength=keylen, inlineKeysMatch=inline_ok, headerLength=len(h)), entries
            out = dict(file=info, variables=[v[0] for v in variables])
            out['positions'] = {name: table[bid][0] for name, bid in variables}
            out['blockAddresses'] = [a for a, l in table]
            ch = block(var['CARHEADER'])
            out['carHeader'] = dict(magic=ch[:4].decode(), coreUI=le('I', ch, 4)[0], storage=le('I', ch, 8)[0], renditions=le('I', ch, 16)[0],
                mainVersion=ch[20:148].split(b'\0')[0].decode(), creator=ch[148:404].split(b'\0')[0].decode(), tail=list(le('4I', ch, 420)), length=len(ch))
            m = block(var['EXTENDED_METADATA'])
            out['metadata'] = [m[4 + 256 * i:4 + 256 * (i + 1)].split(b'\0')[0].decode() for i in range(4)]
            kf = block(var['KEYFORMAT']); kn = le('I', kf, 8)[0]
            keyformat = list(le('%dI' % min(kn, (len(kf) - 12) // 4), kf, 12))
            out['keyFormat'] = dict(declared=kn, attributes=keyformat)
            trees = {}
            for name in ('RENDITIONS', 'FACETKEYS', 'APPEARANCEKEYS', 'BITMAPKEYS'):
                t, entries = tree(name); trees[name] = (t, entries); out.setdefault('trees', {})[name] = t
            out['facets'] = {}
            for v, k in trees['FACETKEYS'][1]:
                fv = block(v); c = le('H', fv, 4)[0]
                out['facets'][block(k).decode()] = {str(le('H', fv, 6 + 4 * i)[0]): le('H', fv, 8 + 4 * i)[0] for i in range(c)}
            out['appearances'] = {block(k).decode(): le('H', block(v), 0)[0] for v, k in trees['APPEARANCEKEYS'][1]}
            out['bitmaps'] = {str(k): list(le('%dI' % (len(block(v)) // 4), block(v), 0)) for v, k in trees['BITMAPKEYS'][1]}
            keys_in_order = []
            renditions = []
            by_key = {}
            for v, k in trees['RENDITIONS'][1]:
                kb = block(k); keys_in_order.append(kb.hex())
                key = dict(zip(keyformat, le('%dH' % (len(kb) // 2), kb, 0)))
                c = block(v)
                assert c[:4] == b'ISTC', 'csi magic'
                ver, flags, w, h, scale = le('5I', c, 4); pf = c[24:28].decode('latin-1'); cs = le('I', c, 28)[0]
                layout = le('H', c, 36)[0]; name = c[40:168].split(b'\0')[0].decode()
                tl, bc, _, ps = le('4I', c, 168)
                r = dict(key={str(a): x for a, x in key.items()}, version=ver, flags=flags, width=w, height=h, scale=scale, pixelFormat=pf, colorSpace=cs,
                         layout=layout, name=name, payloadLength=ps, valueLength=len(c), tlvs=[])
                o = 184
                while o < 184 + tl:
                    t, l = le('2I', c, o); d = c[o + 8:o + 8 + l]; r['tlvs'].append(t)
                    if t == 1007: r['bytesPerRow'] = le('I', d, 0)[0]
                    if t == 1010:
                        x, y, lw, lh = le('4I', d, 8); kl = le('I', d, 26)[0]
                        pairs = [le('2H', d, 30 + 4 * i) for i in range(kl // 4)]
                        r['link'] = dict(magic=d[:4].decode(), x=x, y=y, width=lw, height=lh, layout=le('H', d, 24)[0], key={str(a): x for a, x in pairs if a})
                    o += 8 + l
                p = c[184 + tl:184 + tl + ps]
                if p[:4] == b'SISM':
                    n = le('I', p, 8)[0]; r['sizes'] = [list(le('3I', p, 12 + 12 * i)) for i in range(n)]
                elif p[:4] == b'MLEC':
                    cver, comp, ln = le('3I', p, 4); r['celm'] = dict(version=cver, compression=comp, length=ln)
                    streams = []
                    if cver & 1:  # 3 up to Xcode 16, 1 in Xcode 26: chunks
                        o = 16; chunks = []
                        for _ in range(ln):
                            assert p[o:o + 4] == b'KCBC'; rows, dl = le('2I', p, o + 12); chunks.append(rows); streams.append((p[o + 20:o + 20 + dl], rows)); o += 20 + dl
                        r['chunkRows'] = chunks
                    else:
                        streams.append((p[16:16 + ln], h))
                    r['streamMagics'] = sorted(set(s[:4].decode('latin-1') for s, _ in streams))
                    raw = b''; decoded = True
                    for s, rows in streams:
                        if comp == 0: raw += s
                        elif comp == 2: raw += zlib.decompress(s)
                        elif comp == 4 and s == b'bvx$': pass  # an end-of-stream block alone: nothing
                        elif comp == 4 and lzfse: raw += lzfse.decompress(s)
                        elif comp == 3 and lzfse:
                            # A bare LZVN stream says not what it decodes to: the rows declared do.
                            raw += lzfse.decompress(b'bvxn' + struct.pack('<II', r['bytesPerRow'] * rows, len(s)) + s + b'bvx$')
                        else: decoded = False
                    if decoded:
                        r['decodedLength'] = len(raw); r['crc'] = zlib.crc32(raw)
                        bpr = r.get('bytesPerRow', 0)
                        if pf == 'BGRA' and bpr and len(raw) >= bpr * min(h, len(raw) // bpr):
                            rows = len(raw) // bpr
                            alphas = [raw[y * bpr + 4 * x + 3] for y in range(rows) for x in range(min(w, bpr // 4))]
                            r['alpha'] = [min(alphas), max(alphas)] if alphas else None
                            r['transparent'] = sum(1 for a in alphas if a == 0)
                        by_key[tuple(sorted(key.items()))] = raw
                renditions.append(r)
            # resolve links: the alpha of each linked icon's rectangle in its atlas
            for r in renditions:
                if 'link' in r:
                    atlas = next((x for x in renditions if x['key'] == {str(a): (int(r['link']['key'].get(str(a), 0))) for a in keyformat}), None)
                    r['linkResolves'] = atlas is not None
                    if atlas is not None and 'crc' in atlas:
                        raw = by_key[tuple(sorted((int(a), x) for a, x in atlas['key'].items()))]; bpr = atlas['bytesPerRow']; L = r['link']
                        top = atlas['height'] - L['y'] - L['height']  # the link's y is from the bottom
                        alphas = [raw[(top + y) * bpr + 4 * (L['x'] + x) + 3] for y in range(L['height']) for x in range(L['width'])]
                        r['alpha'] = [min(alphas), max(alphas)]
            out['renditionKeysSorted'] = keys_in_order == sorted(keys_in_order, key=lambda h: bytes.fromhex(h))
            out['renditions'] = renditions
            out['lzfse'] = lzfse is not None
            return out

        print(json.dumps([run(p) for p in sys.argv[1:]]))
        """#
}
