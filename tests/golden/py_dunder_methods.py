# __repr__, __len__, __getitem__ (and __init__ / __call__)

class Vocab:
    def __init__(self, tokens):
        self.itos = list(tokens)
        self.stoi = {}
        for i, t in enumerate(self.itos):
            self.stoi[t] = i

    def __len__(self):
        return len(self.itos)

    def __getitem__(self, token):
        return self.stoi.get(token, self.stoi["[UNK]"])

    def __repr__(self):
        return f"Vocab(size={len(self)})"


v = Vocab(["[PAD]", "[UNK]", "커피", "가", "맛", "이", "좋네요"])
print(v)
print(repr(v), str(v))
print(len(v))
print(v["커피"], v["맛"], v["없는말"])
print([v[t] for t in ["커피", "가", "맛", "이", "좋네요"]])
print([v, v])
print(f"vocab: {v}")


class Dataset:
    def __init__(self, pairs):
        self.pairs = pairs

    def __len__(self):
        return len(self.pairs)

    def __getitem__(self, idx):
        src, trg = self.pairs[idx]
        return {"src": src, "trg": trg}

    def __repr__(self):
        return "Dataset(" + str(len(self.pairs)) + " pairs)"


ds = Dataset([([1, 2], [3]), ([4], [5, 6]), ([7, 8, 9], [0])])
print(ds, len(ds))
print(ds[0])
print(ds[-1]["src"])
for i in range(len(ds)):
    print(i, ds[i]["trg"])
print(bool(ds))

class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y

    def __repr__(self):
        return "Point(%d, %d)" % (self.x, self.y)

pts = [Point(1, 2), Point(3, 4)]
print(pts)
print(pts[0], str(pts[1]))
print({"p": pts[0]})
