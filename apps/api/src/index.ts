export { AppModule } from './app.module';
export { createApp, configureApp, type CreatedApp } from './create-app';
export { MIGRATIONS } from './migrations';
