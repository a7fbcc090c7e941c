"""The figures: what every plot shares (plot_style), speed against robustness
(speed_plots), error rate against margin and moving kernels (plots)."""
