"""The app's widgets: the decision panels, the New game controls, the board's scrolling parts."""



