import torch

# WordPiece-style greedy longest-match tokenization
vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]",
         "the", "french", "##man", "spoke", "in", "lang", "##uage", "##s",
         "play", "##ing", "##ed", "un", "##able", "a", "##b"]
stoi = {t: i for i, t in enumerate(vocab)}

def wordpiece(word):
    pieces = []
    start = 0
    while start < len(word):
        end = len(word)
        found = None
        while start < end:
            sub = word[start:end]
            if start > 0:
                sub = "##" + sub
            if sub in stoi:
                found = sub
                break
            end -= 1
        if found is None:
            return ["[UNK]"]
        pieces.append(found)
        start = end
    return pieces

for w in ["frenchman", "languages", "playing", "played", "unable", "xyz", "ab", "spoke"]:
    print(w, wordpiece(w))

def encode(text):
    toks = ["[CLS]"]
    for w in text.lower().split():
        toks.extend(wordpiece(w))
    toks.append("[SEP]")
    return toks

sents = ["The Frenchman spoke in the strange language", "Playing unable", "a b c"]
encoded = [encode(s) for s in sents]
for toks in encoded:
    print(toks)

# ids, padding to the longest, a tensor batch
ids = [[stoi[t] for t in toks] for toks in encoded]
max_len = max(len(x) for x in ids)
padded = [x + [stoi["[PAD]"]] * (max_len - len(x)) for x in ids]
batch = torch.tensor(padded)
print(batch)
print(batch.shape, batch.dtype)
attention_mask = (batch != 0).long()
print(attention_mask)
positions = torch.arange(1, max_len + 1) * attention_mask
print(positions)

# a few BPE merges on a tiny corpus
corpus = {"l o w </w>": 5, "l o w e r </w>": 2, "n e w e s t </w>": 6, "w i d e s t </w>": 3}

def pair_counts(corpus):
    counts = {}
    for word, freq in corpus.items():
        symbols = word.split()
        for i in range(len(symbols) - 1):
            pair = (symbols[i], symbols[i + 1])
            counts[pair] = counts.get(pair, 0) + freq
    return counts

def merge(pair, corpus):
    out = {}
    for word, freq in corpus.items():
        symbols = word.split()
        merged = []
        i = 0
        while i < len(symbols):
            if i < len(symbols) - 1 and symbols[i] == pair[0] and symbols[i + 1] == pair[1]:
                merged.append(symbols[i] + symbols[i + 1])
                i += 2
            else:
                merged.append(symbols[i])
                i += 1
        out[" ".join(merged)] = freq
    return out

for step in range(5):
    counts = pair_counts(corpus)
    best = max(counts, key=lambda p: counts[p])
    corpus = merge(best, corpus)
    print(step, best, counts[best], list(corpus.keys()))
