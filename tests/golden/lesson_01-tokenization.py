bs = 3
sl = 8
sl_post = 7
corpus = '커피가 맛이 좋네요\n커피가 식었네요\n차가 맛이 좋네요\n커피 맛이 좋아요\n빵이 맛이 좋네요\n'
print('### cell 1')
import torch
import torch.nn as nn

print(corpus)
specials = ["<PAD>", "<UNK>", "[CLS]", "[SEP]", "[MASK]"]
words = corpus.split()
word_vocab = {tok: i for i, tok in enumerate(specials + list(dict.fromkeys(words)))}
print(word_vocab)

def encode_words(sentence):
    return [word_vocab.get(w, word_vocab["<UNK>"]) for w in sentence.split()]

print(encode_words("커피가 맛이 좋네요"))
print(encode_words("빵도 맛이 좋네요"))
print('### cell 2')
counts = {}
for w in corpus.split():
    counts[w] = counts.get(w, 0) + 1
splits = {w: list(w) for w in counts}

def count_pairs(splits):
    pairs = {}
    for w, syms in splits.items():
        for a, b in zip(syms, syms[1:]):
            pairs[(a, b)] = pairs.get((a, b), 0) + counts[w]
    return pairs

def apply_merge(syms, a, b):
    out, i = [], 0
    while i < len(syms):
        if i + 1 < len(syms) and syms[i] == a and syms[i + 1] == b:
            out.append(a + b)
            i += 2
        else:
            out.append(syms[i])
            i += 1
    return out

merges = []
for step in range(4):
    pairs = count_pairs(splits)
    best = max(pairs, key=pairs.get)
    merges.append(best)
    splits = {w: apply_merge(s, *best) for w, s in splits.items()}
    print("merge", step + 1, best, "count", pairs[best])
print(splits)

def bpe_tokenize(word):
    syms = list(word)
    for a, b in merges:
        syms = apply_merge(syms, a, b)
    return syms

print(bpe_tokenize("커피네요"))
print('### cell 3')
pieces = ["커", "커피", "차", "빵", "맛", "좋", "식었", "##가", "##이", "##도", "##네요", "##아요"]
vocab = {tok: i for i, tok in enumerate(specials + pieces)}
print(len(vocab), vocab)

def wordpiece(word):
    out, start = [], 0
    while start < len(word):
        end = len(word)
        piece = None
        while end > start:
            cand = word[start:end] if start == 0 else "##" + word[start:end]
            if cand in vocab:
                piece = cand
                break
            end -= 1
        if piece is None:
            return ["<UNK>"]
        out.append(piece)
        start = end
    return out

def tokenize(sentence):
    return [p for w in sentence.split() for p in wordpiece(w)]

print(tokenize("커피가 맛이 좋네요"))
print(tokenize("빵도 맛이 좋네요"))
print(tokenize("홍차가 좋네요"))
print('### cell 4')
bert_vocab = {"[PAD]": 0, "[UNK]": 100, "[CLS]": 101, "[SEP]": 102, "[MASK]": 103,
              "the": 1996, "in": 1999, "and": 1998, "language": 2653,
              "spoke": 3764, "ate": 8823, "frenchman": 26529}

def bert_encode(text):
    ids = [bert_vocab.get(w if w.startswith("[") else w.lower(), bert_vocab["[UNK]"]) for w in text.split()]
    return [bert_vocab["[CLS]"]] + ids + [bert_vocab["[SEP]"]]

print(bert_encode("[CLS] [SEP] [MASK] [UNK]"))
print(bert_encode("The Frenchman spoke in the [MASK] language and ate 🥖"))
print('### cell 5')
sentences = ["커피가 맛이 좋네요", "커피가 식었네요", "좋네요"]
PAD = vocab["<PAD>"]

def encode(sentence):
    ids = [vocab["[CLS]"]] + [vocab[t] for t in tokenize(sentence)] + [vocab["[SEP]"]]
    return ids[:sl]

src = torch.zeros(bs, sl, dtype=torch.long)       # every position starts as <PAD> (id 0)
for i in range(bs):
    ids = encode(sentences[i % len(sentences)])
    src[i, :len(ids)] = torch.tensor(ids)         # the sentence's ids at the front
# src: [bs, sl]
print(src)
print(src.dtype)
print('### cell 6')
n_real = (src != PAD).sum(dim=1)
print(n_real)
def _check_():
    # `n_real` should hold one count per sentence: a tensor of shape [bs].
    # n_real: [bs]
    # `n_real` should count, row by row, the ids of `src` that are not `PAD` (0): the [CLS], [SEP] and word pieces.
    assert n_real.tolist() == [len(encode(sentences[i % len(sentences)])) for i in range(bs)]
_check_()
del _check_
print('### cell 7')
def positions(ids):
    return torch.arange(1, ids.size(1) + 1) * (ids != PAD)

pos = positions(src)
# pos: [bs, sl]
# heatmap: pos
print(pos)
print('### cell 8')
src_post = torch.tensor([[3, 6, 4, 9], [1, 3, 5, 0], [3, 2, 0, 0]])
trg = torch.tensor([[2, 5, 4, 0], [2, 5, 6, 0], [2, 7, 4, 9]])
trg_input = trg[:, :-1]
gold = trg[:, 1:]
# trg_input: [3, 3]
# gold: [3, 3]
# trg: [3, 4]
print(positions(src_post))
print(positions(trg))
print(trg_input)
print(gold)
print('### cell 9')
korbow = {"<pad>": 0, "<unk>": 1, "가": 4, "이": 7, "좋네요": 15, "커피": 21, "맛": 33}
particles = ["가", "이"]

def morph_split(word):
    if word in korbow:
        return [word]
    for p in particles:
        if word.endswith(p) and word[:-len(p)] in korbow:
            return [word[:-len(p)], p]
    return [word]

morphs = [m for w in "커피가 맛이 좋네요".split() for m in morph_split(w)]
ids = [korbow.get(m, korbow["<unk>"]) for m in morphs]
print(morphs)
print(ids)
print('### cell 10')
sample1_tensor = torch.zeros(1, sl_post, dtype=torch.long)
sample1_tensor[:, :len(ids)] = torch.tensor(ids)
# sample1_tensor: [1, sl_post]
print(sample1_tensor)
