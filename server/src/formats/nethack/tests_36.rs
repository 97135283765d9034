//! 3.6 editor features: hover, completion, navigation, outline, folding.
