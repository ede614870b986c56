# The activations, losses and small modules beyond the lessons' own: their reprs inside a model's
# printout, a forward pass through them and the losses' three reductions.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
model = nn.Sequential(
    nn.Flatten(),
    nn.Linear(6, 8),
    nn.Hardtanh(-2.0, 2.0),
    nn.PReLU(8),
    nn.Unflatten(1, (2, 4)),
    nn.GLU(),
    nn.ZeroPad1d((1, 0)),
    nn.RMSNorm(3),
)
print(model)
acts = nn.ModuleDict({
    "relu6": nn.ReLU6(inplace=True), "hardsigmoid": nn.Hardsigmoid(), "hardswish": nn.Hardswish(),
    "selu": nn.SELU(), "celu": nn.CELU(0.5), "mish": nn.Mish(), "softplus": nn.Softplus(beta=2, threshold=5),
    "softshrink": nn.Softshrink(0.25), "hardshrink": nn.Hardshrink(), "tanhshrink": nn.Tanhshrink(),
    "softsign": nn.Softsign(), "logsigmoid": nn.LogSigmoid(), "softmin": nn.Softmin(dim=1),
    "threshold": nn.Threshold(0.1, -1.0),
})
print(acts)
x = torch.arange(-12.0, 12.0).reshape(4, 6) / 4
with torch.no_grad():
    print(model(x))
    for name, act in acts.items():
        print(name, act(x.clone())[0])
losses = nn.ModuleList([nn.L1Loss(), nn.SmoothL1Loss(beta=0.5), nn.HuberLoss(delta=2.0), nn.BCEWithLogitsLoss(),
                        nn.SoftMarginLoss(), nn.HingeEmbeddingLoss(margin=0.5)])
print(losses)
target = torch.tensor([[1.0, -1.0, 1.0, 1.0, -1.0, 0.0]]).expand(4, 6)
for loss in losses:
    print(type(loss).__name__, loss(x, target))
probs = torch.sigmoid(x)
print(F.binary_cross_entropy(probs, (target > 0).float(), reduction='sum'))
print(F.margin_ranking_loss(x[0], x[1], target[0].sign() + (target[0] == 0).float(), margin=0.3))
print(F.cosine_similarity(x, x.flip(0)), F.pairwise_distance(x, x.flip(0)))
print(F.normalize(x)[0])
params = nn.ParameterList([nn.Parameter(torch.ones(2)), torch.zeros(3, 4)])
print(params)
print(nn.ParameterDict({"scale": torch.ones(3)}))
