import torch
import torch.nn as nn
import torch.nn.functional as F
t = torch.zeros(2, 3)

def report(label, have, miss):
    print(label + ': ' + str(len(have)) + '/' + str(len(have) + len(miss)))
    if miss:
        print('  missing: ' + ' '.join(miss))

_n = ['is_tensor', 'is_storage', 'is_complex', 'is_floating_point', 'is_nonzero', 'set_default_dtype', 'get_default_dtype', 'numel', 'set_printoptions', 'tensor', 'asarray', 'as_tensor', 'as_strided', 'from_numpy', 'zeros', 'zeros_like', 'ones', 'ones_like', 'arange', 'range', 'linspace', 'logspace', 'eye', 'empty', 'empty_like', 'empty_strided', 'full', 'full_like', 'heaviside', 'adjoint', 'argwhere', 'cat', 'concat', 'concatenate', 'chunk', 'dsplit', 'column_stack', 'dstack', 'gather', 'hsplit', 'hstack', 'index_add', 'index_copy', 'index_reduce', 'index_select', 'masked_select', 'movedim', 'moveaxis', 'narrow', 'narrow_copy', 'nonzero', 'permute', 'reshape', 'row_stack', 'select', 'scatter', 'diagonal_scatter', 'select_scatter', 'slice_scatter', 'scatter_add', 'scatter_reduce', 'split', 'squeeze', 'stack', 'swapaxes', 'swapdims', 't', 'take', 'take_along_dim', 'tensor_split', 'tile', 'transpose', 'unbind', 'unravel_index', 'unsqueeze', 'vsplit', 'vstack', 'where', 'seed', 'manual_seed', 'initial_seed', 'get_rng_state', 'set_rng_state', 'bernoulli', 'multinomial', 'normal', 'poisson', 'rand', 'rand_like', 'randint', 'randint_like', 'randn', 'randn_like', 'randperm', 'get_num_threads', 'set_num_threads', 'no_grad', 'enable_grad', 'set_grad_enabled', 'is_grad_enabled', 'inference_mode', 'is_inference_mode_enabled', 'abs', 'absolute', 'acos', 'arccos', 'acosh', 'arccosh', 'add', 'addcdiv', 'addcmul', 'asin', 'arcsin', 'asinh', 'arcsinh', 'atan', 'arctan', 'atanh', 'arctanh', 'atan2', 'arctan2', 'bitwise_not', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'bitwise_left_shift', 'bitwise_right_shift', 'ceil', 'clamp', 'clip', 'copysign', 'cos', 'cosh', 'deg2rad', 'div', 'divide', 'digamma', 'erf', 'erfc', 'erfinv', 'exp', 'exp2', 'expm1', 'fix', 'float_power', 'floor', 'floor_divide', 'fmod', 'frac', 'frexp', 'gradient', 'ldexp', 'lerp', 'lgamma', 'log', 'log10', 'log1p', 'log2', 'logaddexp', 'logaddexp2', 'logical_and', 'logical_not', 'logical_or', 'logical_xor', 'logit', 'hypot', 'i0', 'igamma', 'igammac', 'mul', 'multiply', 'mvlgamma', 'nan_to_num', 'neg', 'negative', 'nextafter', 'polygamma', 'positive', 'pow', 'rad2deg', 'reciprocal', 'remainder', 'round', 'rsqrt', 'sigmoid', 'sign', 'sgn', 'signbit', 'sin', 'sinc', 'sinh', 'softmax', 'sqrt', 'square', 'sub', 'subtract', 'tan', 'tanh', 'true_divide', 'trunc', 'xlogy', 'argmax', 'argmin', 'amax', 'amin', 'aminmax', 'all', 'any', 'max', 'min', 'dist', 'logsumexp', 'mean', 'nanmean', 'median', 'nanmedian', 'mode', 'norm', 'nansum', 'prod', 'quantile', 'nanquantile', 'std', 'std_mean', 'sum', 'unique', 'unique_consecutive', 'var', 'var_mean', 'count_nonzero', 'allclose', 'argsort', 'eq', 'equal', 'ge', 'greater_equal', 'gt', 'greater', 'isclose', 'isfinite', 'isin', 'isinf', 'isposinf', 'isneginf', 'isnan', 'isreal', 'kthvalue', 'le', 'less_equal', 'lt', 'less', 'maximum', 'minimum', 'fmax', 'fmin', 'ne', 'not_equal', 'sort', 'topk', 'msort', 'atleast_1d', 'atleast_2d', 'atleast_3d', 'bincount', 'block_diag', 'broadcast_tensors', 'broadcast_to', 'broadcast_shapes', 'bucketize', 'cartesian_prod', 'cdist', 'clone', 'combinations', 'corrcoef', 'cov', 'cross', 'cummax', 'cummin', 'cumprod', 'cumsum', 'diag', 'diag_embed', 'diagflat', 'diagonal', 'diff', 'einsum', 'flatten', 'flip', 'fliplr', 'flipud', 'kron', 'rot90', 'gcd', 'histc', 'histogram', 'meshgrid', 'lcm', 'logcumsumexp', 'ravel', 'renorm', 'repeat_interleave', 'roll', 'searchsorted', 'tensordot', 'trace', 'tril', 'tril_indices', 'triu', 'triu_indices', 'unflatten', 'addbmm', 'addmm', 'addmv', 'addr', 'baddbmm', 'bmm', 'chain_matmul', 'dot', 'ger', 'inner', 'matmul', 'matrix_power', 'mm', 'mv', 'outer', 'trapz', 'trapezoid', 'cumulative_trapezoid', 'vdot', 'result_type', 'can_cast', 'promote_types', 'use_deterministic_algorithms', 'set_float32_matmul_precision', 'get_float32_matmul_precision']
report('torch', [n for n in _n if hasattr(torch, n)], [n for n in _n if not hasattr(torch, n)])
_n = ['is_complex', 'is_floating_point', 'is_nonzero', 'numel', 'as_strided', 'heaviside', 'adjoint', 'argwhere', 'chunk', 'dsplit', 'gather', 'hsplit', 'index_add', 'index_copy', 'index_reduce', 'index_select', 'masked_select', 'movedim', 'moveaxis', 'narrow', 'narrow_copy', 'nonzero', 'permute', 'reshape', 'select', 'scatter', 'diagonal_scatter', 'select_scatter', 'slice_scatter', 'scatter_add', 'scatter_reduce', 'split', 'squeeze', 'swapaxes', 'swapdims', 't', 'take', 'take_along_dim', 'tensor_split', 'tile', 'transpose', 'unbind', 'unsqueeze', 'vsplit', 'where', 'bernoulli', 'multinomial', 'abs', 'absolute', 'acos', 'arccos', 'acosh', 'arccosh', 'add', 'addcdiv', 'addcmul', 'asin', 'arcsin', 'asinh', 'arcsinh', 'atan', 'arctan', 'atanh', 'arctanh', 'atan2', 'arctan2', 'bitwise_not', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'bitwise_left_shift', 'bitwise_right_shift', 'ceil', 'clamp', 'clip', 'copysign', 'cos', 'cosh', 'deg2rad', 'div', 'divide', 'digamma', 'erf', 'erfc', 'erfinv', 'exp', 'exp2', 'expm1', 'fix', 'float_power', 'floor', 'floor_divide', 'fmod', 'frac', 'frexp', 'ldexp', 'lerp', 'lgamma', 'log', 'log10', 'log1p', 'log2', 'logaddexp', 'logaddexp2', 'logical_and', 'logical_not', 'logical_or', 'logical_xor', 'logit', 'hypot', 'i0', 'igamma', 'igammac', 'mul', 'multiply', 'mvlgamma', 'nan_to_num', 'neg', 'negative', 'nextafter', 'polygamma', 'positive', 'pow', 'rad2deg', 'reciprocal', 'remainder', 'round', 'rsqrt', 'sigmoid', 'sign', 'sgn', 'signbit', 'sin', 'sinc', 'sinh', 'softmax', 'sqrt', 'square', 'sub', 'subtract', 'tan', 'tanh', 'true_divide', 'trunc', 'xlogy', 'argmax', 'argmin', 'amax', 'amin', 'aminmax', 'all', 'any', 'max', 'min', 'dist', 'logsumexp', 'mean', 'nanmean', 'median', 'nanmedian', 'mode', 'norm', 'nansum', 'prod', 'quantile', 'nanquantile', 'std', 'sum', 'unique', 'unique_consecutive', 'var', 'count_nonzero', 'allclose', 'argsort', 'eq', 'equal', 'ge', 'greater_equal', 'gt', 'greater', 'isclose', 'isfinite', 'isinf', 'isposinf', 'isneginf', 'isnan', 'isreal', 'kthvalue', 'le', 'less_equal', 'lt', 'less', 'maximum', 'minimum', 'fmax', 'fmin', 'ne', 'not_equal', 'sort', 'topk', 'msort', 'bincount', 'broadcast_to', 'clone', 'corrcoef', 'cov', 'cross', 'cummax', 'cummin', 'cumprod', 'cumsum', 'diag', 'diag_embed', 'diagflat', 'diagonal', 'diff', 'flatten', 'flip', 'fliplr', 'flipud', 'kron', 'rot90', 'gcd', 'histc', 'histogram', 'lcm', 'logcumsumexp', 'ravel', 'renorm', 'repeat_interleave', 'roll', 'trace', 'tril', 'triu', 'unflatten', 'addbmm', 'addmm', 'addmv', 'addr', 'baddbmm', 'bmm', 'dot', 'ger', 'inner', 'matmul', 'matrix_power', 'mm', 'mv', 'outer', 'vdot', 'view', 'view_as', 'expand', 'expand_as', 'repeat', 'contiguous', 'is_contiguous', 'stride', 'storage_offset', 'size', 'dim', 'ndim', 'ndimension', 'shape', 'item', 'tolist', 'float', 'double', 'half', 'bfloat16', 'int', 'long', 'short', 'char', 'byte', 'bool', 'to', 'type', 'type_as', 'cpu', 'numpy', 'masked_fill', 'masked_fill_', 'fill_', 'zero_', 'copy_', 'detach', 'detach_', 'requires_grad_', 'new_zeros', 'new_ones', 'new_full', 'new_tensor', 'new_empty', 'element_size', 'nelement', 'untyped_storage', 'data_ptr', 'unfold', 'index_put_', 'index_fill_', 'index_fill', 'put_', 'scatter_', 'scatter_add_', 'scatter_reduce_', 'uniform_', 'normal_', 'bernoulli_', 'exponential_', 'random_', 'masked_scatter_', 'masked_scatter', 'add_', 'sub_', 'mul_', 'div_', 'pow_', 'clamp_', 'exp_', 'log_', 'sqrt_', 'neg_', 'abs_', 'relu', 'relu_', 'sigmoid_', 'tanh_', 'log_softmax', 'squeeze_', 'unsqueeze_', 'transpose_', 't_', 'resize_', 'apply_', 'map_', 'sum_to_size', 'dim_order', 'is_set_to', 'is_shared', 'share_memory_', 'pin_memory', 'is_pinned', 'device', 'dtype', 'layout', 'T', 'mT', 'H', 'mH', 'requires_grad', 'grad', 'grad_fn', 'is_leaf', 'retain_grad', 'backward', 'register_hook']
report('Tensor', [n for n in _n if hasattr(t, n)], [n for n in _n if not hasattr(t, n)])
_n = ['conv1d', 'conv2d', 'unfold', 'fold', 'avg_pool1d', 'max_pool1d', 'adaptive_avg_pool1d', 'scaled_dot_product_attention', 'threshold', 'relu', 'relu_', 'hardtanh', 'hardswish', 'relu6', 'elu', 'selu', 'celu', 'leaky_relu', 'prelu', 'rrelu', 'glu', 'gelu', 'logsigmoid', 'hardshrink', 'tanhshrink', 'softsign', 'softplus', 'softmin', 'softmax', 'softshrink', 'gumbel_softmax', 'log_softmax', 'tanh', 'sigmoid', 'hardsigmoid', 'silu', 'mish', 'batch_norm', 'group_norm', 'instance_norm', 'layer_norm', 'local_response_norm', 'rms_norm', 'normalize', 'linear', 'bilinear', 'dropout', 'alpha_dropout', 'feature_alpha_dropout', 'dropout1d', 'dropout2d', 'embedding', 'embedding_bag', 'one_hot', 'pairwise_distance', 'cosine_similarity', 'pdist', 'binary_cross_entropy', 'binary_cross_entropy_with_logits', 'poisson_nll_loss', 'cosine_embedding_loss', 'cross_entropy', 'gaussian_nll_loss', 'hinge_embedding_loss', 'kl_div', 'l1_loss', 'mse_loss', 'margin_ranking_loss', 'multilabel_margin_loss', 'multilabel_soft_margin_loss', 'multi_margin_loss', 'nll_loss', 'huber_loss', 'smooth_l1_loss', 'soft_margin_loss', 'triplet_margin_loss', 'pad', 'interpolate']
report('torch.nn.functional', [n for n in _n if hasattr(F, n)], [n for n in _n if not hasattr(F, n)])
_n = ['Module', 'Sequential', 'ModuleList', 'ModuleDict', 'ParameterList', 'ParameterDict', 'Parameter', 'Identity', 'Linear', 'Bilinear', 'LazyLinear', 'Conv1d', 'Conv2d', 'AvgPool1d', 'MaxPool1d', 'AdaptiveAvgPool1d', 'ELU', 'Hardshrink', 'Hardsigmoid', 'Hardtanh', 'Hardswish', 'LeakyReLU', 'LogSigmoid', 'MultiheadAttention', 'PReLU', 'ReLU', 'ReLU6', 'RReLU', 'SELU', 'CELU', 'GELU', 'Sigmoid', 'SiLU', 'Mish', 'Softplus', 'Softshrink', 'Softsign', 'Tanh', 'Tanhshrink', 'Threshold', 'GLU', 'Softmin', 'Softmax', 'LogSoftmax', 'BatchNorm1d', 'GroupNorm', 'InstanceNorm1d', 'LayerNorm', 'LocalResponseNorm', 'RMSNorm', 'Transformer', 'TransformerEncoder', 'TransformerDecoder', 'TransformerEncoderLayer', 'TransformerDecoderLayer', 'Dropout', 'Dropout1d', 'AlphaDropout', 'Embedding', 'EmbeddingBag', 'CosineSimilarity', 'PairwiseDistance', 'L1Loss', 'MSELoss', 'CrossEntropyLoss', 'NLLLoss', 'KLDivLoss', 'BCELoss', 'BCEWithLogitsLoss', 'HuberLoss', 'SmoothL1Loss', 'CosineEmbeddingLoss', 'MarginRankingLoss', 'Flatten', 'Unflatten', 'ZeroPad1d', 'ConstantPad1d']
report('torch.nn', [n for n in _n if hasattr(nn, n)], [n for n in _n if not hasattr(nn, n)])
_have = []
_miss = []
try:
    abs
    _have.append('abs')
except NameError:
    _miss.append('abs')
try:
    all
    _have.append('all')
except NameError:
    _miss.append('all')
try:
    any
    _have.append('any')
except NameError:
    _miss.append('any')
try:
    ascii
    _have.append('ascii')
except NameError:
    _miss.append('ascii')
try:
    bin
    _have.append('bin')
except NameError:
    _miss.append('bin')
try:
    bool
    _have.append('bool')
except NameError:
    _miss.append('bool')
try:
    bytearray
    _have.append('bytearray')
except NameError:
    _miss.append('bytearray')
try:
    bytes
    _have.append('bytes')
except NameError:
    _miss.append('bytes')
try:
    callable
    _have.append('callable')
except NameError:
    _miss.append('callable')
try:
    chr
    _have.append('chr')
except NameError:
    _miss.append('chr')
try:
    classmethod
    _have.append('classmethod')
except NameError:
    _miss.append('classmethod')
try:
    delattr
    _have.append('delattr')
except NameError:
    _miss.append('delattr')
try:
    dict
    _have.append('dict')
except NameError:
    _miss.append('dict')
try:
    dir
    _have.append('dir')
except NameError:
    _miss.append('dir')
try:
    divmod
    _have.append('divmod')
except NameError:
    _miss.append('divmod')
try:
    enumerate
    _have.append('enumerate')
except NameError:
    _miss.append('enumerate')
try:
    filter
    _have.append('filter')
except NameError:
    _miss.append('filter')
try:
    float
    _have.append('float')
except NameError:
    _miss.append('float')
try:
    format
    _have.append('format')
except NameError:
    _miss.append('format')
try:
    frozenset
    _have.append('frozenset')
except NameError:
    _miss.append('frozenset')
try:
    getattr
    _have.append('getattr')
except NameError:
    _miss.append('getattr')
try:
    globals
    _have.append('globals')
except NameError:
    _miss.append('globals')
try:
    hasattr
    _have.append('hasattr')
except NameError:
    _miss.append('hasattr')
try:
    hash
    _have.append('hash')
except NameError:
    _miss.append('hash')
try:
    hex
    _have.append('hex')
except NameError:
    _miss.append('hex')
try:
    id
    _have.append('id')
except NameError:
    _miss.append('id')
try:
    int
    _have.append('int')
except NameError:
    _miss.append('int')
try:
    isinstance
    _have.append('isinstance')
except NameError:
    _miss.append('isinstance')
try:
    issubclass
    _have.append('issubclass')
except NameError:
    _miss.append('issubclass')
try:
    iter
    _have.append('iter')
except NameError:
    _miss.append('iter')
try:
    len
    _have.append('len')
except NameError:
    _miss.append('len')
try:
    list
    _have.append('list')
except NameError:
    _miss.append('list')
try:
    locals
    _have.append('locals')
except NameError:
    _miss.append('locals')
try:
    map
    _have.append('map')
except NameError:
    _miss.append('map')
try:
    max
    _have.append('max')
except NameError:
    _miss.append('max')
try:
    memoryview
    _have.append('memoryview')
except NameError:
    _miss.append('memoryview')
try:
    min
    _have.append('min')
except NameError:
    _miss.append('min')
try:
    next
    _have.append('next')
except NameError:
    _miss.append('next')
try:
    object
    _have.append('object')
except NameError:
    _miss.append('object')
try:
    oct
    _have.append('oct')
except NameError:
    _miss.append('oct')
try:
    ord
    _have.append('ord')
except NameError:
    _miss.append('ord')
try:
    pow
    _have.append('pow')
except NameError:
    _miss.append('pow')
try:
    print
    _have.append('print')
except NameError:
    _miss.append('print')
try:
    property
    _have.append('property')
except NameError:
    _miss.append('property')
try:
    range
    _have.append('range')
except NameError:
    _miss.append('range')
try:
    repr
    _have.append('repr')
except NameError:
    _miss.append('repr')
try:
    reversed
    _have.append('reversed')
except NameError:
    _miss.append('reversed')
try:
    round
    _have.append('round')
except NameError:
    _miss.append('round')
try:
    set
    _have.append('set')
except NameError:
    _miss.append('set')
try:
    setattr
    _have.append('setattr')
except NameError:
    _miss.append('setattr')
try:
    slice
    _have.append('slice')
except NameError:
    _miss.append('slice')
try:
    sorted
    _have.append('sorted')
except NameError:
    _miss.append('sorted')
try:
    staticmethod
    _have.append('staticmethod')
except NameError:
    _miss.append('staticmethod')
try:
    str
    _have.append('str')
except NameError:
    _miss.append('str')
try:
    sum
    _have.append('sum')
except NameError:
    _miss.append('sum')
try:
    super
    _have.append('super')
except NameError:
    _miss.append('super')
try:
    tuple
    _have.append('tuple')
except NameError:
    _miss.append('tuple')
try:
    type
    _have.append('type')
except NameError:
    _miss.append('type')
try:
    vars
    _have.append('vars')
except NameError:
    _miss.append('vars')
try:
    zip
    _have.append('zip')
except NameError:
    _miss.append('zip')
report('builtins', _have, _miss)
_have = []
_miss = []
try:
    import math
    _have.append('math')
except ImportError:
    _miss.append('math')
try:
    import copy
    _have.append('copy')
except ImportError:
    _miss.append('copy')
try:
    import time
    _have.append('time')
except ImportError:
    _miss.append('time')
try:
    import random
    _have.append('random')
except ImportError:
    _miss.append('random')
try:
    import collections
    _have.append('collections')
except ImportError:
    _miss.append('collections')
try:
    import itertools
    _have.append('itertools')
except ImportError:
    _miss.append('itertools')
try:
    import functools
    _have.append('functools')
except ImportError:
    _miss.append('functools')
try:
    import operator
    _have.append('operator')
except ImportError:
    _miss.append('operator')
try:
    import dataclasses
    _have.append('dataclasses')
except ImportError:
    _miss.append('dataclasses')
try:
    import typing
    _have.append('typing')
except ImportError:
    _miss.append('typing')
try:
    import enum
    _have.append('enum')
except ImportError:
    _miss.append('enum')
try:
    import warnings
    _have.append('warnings')
except ImportError:
    _miss.append('warnings')
try:
    import string
    _have.append('string')
except ImportError:
    _miss.append('string')
try:
    import re
    _have.append('re')
except ImportError:
    _miss.append('re')
try:
    import json
    _have.append('json')
except ImportError:
    _miss.append('json')
try:
    import textwrap
    _have.append('textwrap')
except ImportError:
    _miss.append('textwrap')
try:
    import statistics
    _have.append('statistics')
except ImportError:
    _miss.append('statistics')
try:
    import heapq
    _have.append('heapq')
except ImportError:
    _miss.append('heapq')
try:
    import bisect
    _have.append('bisect')
except ImportError:
    _miss.append('bisect')
report('modules', _have, _miss)
_have = []
_miss = []
try:
    _x = torch.ones(3, dtype=torch.bool)
    _s = repr(_x) + repr(_x + _x) + repr(_x.sum()) + repr(_x.to(torch.float32))
    _have.append('bool')
except Exception:
    _miss.append('bool')
try:
    _x = torch.ones(3, dtype=torch.uint8)
    _s = repr(_x) + repr(_x + _x) + repr(_x.sum()) + repr(_x.to(torch.float32))
    _have.append('uint8')
except Exception:
    _miss.append('uint8')
try:
    _x = torch.ones(3, dtype=torch.int8)
    _s = repr(_x) + repr(_x + _x) + repr(_x.sum()) + repr(_x.to(torch.float32))
    _have.append('int8')
except Exception:
    _miss.append('int8')
try:
    _x = torch.ones(3, dtype=torch.int16)
    _s = repr(_x) + repr(_x + _x) + repr(_x.sum()) + repr(_x.to(torch.float32))
    _have.append('int16')
except Exception:
    _miss.append('int16')
try:
    _x = torch.ones(3, dtype=torch.int32)
    _s = repr(_x) + repr(_x + _x) + repr(_x.sum()) + repr(_x.to(torch.float32))
    _have.append('int32')
except Exception:
    _miss.append('int32')
try:
    _x = torch.ones(3, dtype=torch.int64)
    _s = repr(_x) + repr(_x + _x) + repr(_x.sum()) + repr(_x.to(torch.float32))
    _have.append('int64')
except Exception:
    _miss.append('int64')
try:
    _x = torch.ones(3, dtype=torch.float16)
    _s = repr(_x) + repr(_x + _x) + repr(_x.sum()) + repr(_x.to(torch.float32))
    _have.append('float16')
except Exception:
    _miss.append('float16')
try:
    _x = torch.ones(3, dtype=torch.bfloat16)
    _s = repr(_x) + repr(_x + _x) + repr(_x.sum()) + repr(_x.to(torch.float32))
    _have.append('bfloat16')
except Exception:
    _miss.append('bfloat16')
try:
    _x = torch.ones(3, dtype=torch.float32)
    _s = repr(_x) + repr(_x + _x) + repr(_x.sum()) + repr(_x.to(torch.float32))
    _have.append('float32')
except Exception:
    _miss.append('float32')
try:
    _x = torch.ones(3, dtype=torch.float64)
    _s = repr(_x) + repr(_x + _x) + repr(_x.sum()) + repr(_x.to(torch.float32))
    _have.append('float64')
except Exception:
    _miss.append('float64')
report('dtypes', _have, _miss)
