import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// In development the SPA runs on Vite's server; the API (apps/api) listens on 8080.
const apiTarget = "http://localhost:8080";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/v1": apiTarget,
      "/health": apiTarget,
      "/docs": apiTarget,
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Third-party code changes less often than ours: a separate chunk stays cached across releases.
    // 3Dmol.js (~0.6 MB) is only imported on demand by the Proteins page's 3D view, so it gets its own
    // chunk instead of weighing on every page through the vendor chunk.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "3dmol", test: /node_modules[\\/]3dmol[\\/]/, priority: 20 },
            { name: "vendor", test: /node_modules/, priority: 10 },
          ],
        },
      },
    },
  },
});
