# Usage: python3 gen/splice.py src/file.rs gen/generated.rs  -- replaces the GENERATED block
import sys, re
src, gen = sys.argv[1], sys.argv[2]
s = open(src).read(); g = open(gen).read()
a = s.index('    // BEGIN GENERATED'); a = s.index('\n', a) + 1
b = s.index('    // END GENERATED')
body = ''.join(('    ' + l if l.strip() else '') + '\n' for l in g.rstrip('\n').split('\n'))
open(src, 'w').write(s[:a] + body + s[b:])
